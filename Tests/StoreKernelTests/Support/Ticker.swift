import StoreKernel

/// A child feature with the effects whose lifetime the navigation reducers govern: a repeating
/// timer, a delayed response, and cancellations by id.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
    var responses: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
    case fetch(Int)
    case response(Int)
  }

  enum CancelID: Hashable, Sendable { case timer, fetch }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        while (try? await clock.sleep(for: .seconds(1))) != nil { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .fetch(let value):
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.response(value))
      }
      .cancellable(id: CancelID.fetch, cancelInFlight: true)
    case .response(let value):
      state.responses.append(value)
      return .none
    }
  }
}
