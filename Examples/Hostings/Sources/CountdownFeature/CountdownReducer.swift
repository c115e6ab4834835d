import StoreKernel

/// A countdown's logic: one timer effect on the injected clock, cancelled by id when it pauses
/// or finishes.
struct CountdownReducer: Reducer {
  @Dependency(\.clock) var clock

  private enum CancelID: Hashable, Sendable { case timer }

  func reduce(into state: inout CountdownState, action: CountdownAction) -> Effect<CountdownAction>
  {
    switch action {
    case .input(.start), .view(.startTapped):
      guard !state.isRunning, state.remaining > 0 else { return .none }
      state.isRunning = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)

    case .input(.pause), .view(.pauseTapped):
      state.isRunning = false
      return .cancel(id: CancelID.timer)

    case .tick:
      state.remaining -= 1
      guard state.remaining == 0 else { return .send(.delegate(.tick(remaining: state.remaining))) }
      state.isRunning = false
      return .merge(.cancel(id: CancelID.timer), .send(.delegate(.finished)))

    case .delegate:
      return .none
    }
  }
}
