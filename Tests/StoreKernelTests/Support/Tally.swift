import StoreKernel
import StoreKernelTesting

/// A small feature with every kind of event: plain changes, no-ops, an effect that finishes and
/// one that waits until cancelled.
struct Tally: Reducer {
  struct State: Equatable {
    var count = 0
    var loaded = false
  }

  enum Action: Equatable, Sendable {
    case increment
    case noop
    case load
    case loaded
    case wait
    case stopWaiting
  }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .noop:
      return .none
    case .load:
      return .run { send in await send(.loaded) }
    case .loaded:
      state.loaded = true
      return .none
    case .wait:
      return .run { [clock] _ in try await clock.sleep(for: .seconds(60)) }
        .cancellable(id: "wait")
    case .stopWaiting:
      return .cancel(id: "wait")
    }
  }
}
