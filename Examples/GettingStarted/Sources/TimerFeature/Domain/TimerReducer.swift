import StoreKernel

/// The timer's logic: pure and synchronous. The ticking is one effect, cancellable by id.
struct TimerReducer: Reducer {
  @Dependency(\.clock) var clock

  private enum CancelID: Hashable, Sendable { case countdown }

  func reduce(into state: inout TimerState, action: TimerAction) -> Effect<TimerAction> {
    switch action {
    case .input(.start(let seconds)):
      state.duration = max(0, seconds)
      state.remaining = state.duration
      state.isRunning = state.remaining > 0
      guard state.isRunning else {
        return .merge(.cancel(id: CancelID.countdown), .send(.delegate(.finished)))
      }
      return .merge(.send(.delegate(.started(seconds: state.remaining))), countdown())

    case .input(.cancel):
      guard state.remaining > 0 else { return .none }
      let remaining = state.remaining
      state.remaining = 0
      state.isRunning = false
      return .merge(
        .cancel(id: CancelID.countdown), .send(.delegate(.cancelled(remaining: remaining))))

    case .view(.pauseResumeTapped):
      guard state.remaining > 0 else { return .none }
      state.isRunning.toggle()
      return state.isRunning ? countdown() : .cancel(id: CancelID.countdown)

    case .view(.resetTapped):
      state.remaining = state.duration
      state.isRunning = false
      return .cancel(id: CancelID.countdown)

    case .internal(.tick):
      guard state.isRunning else { return .none }
      state.remaining -= 1
      guard state.remaining == 0 else { return .none }
      state.isRunning = false
      return .merge(.cancel(id: CancelID.countdown), .send(.delegate(.finished)))

    case .delegate:
      return .none
    }
  }

  /// One effect for the whole countdown rather than one per second: it sends a tick for each
  /// tick of the injected clock's timer, until it is cancelled.
  private func countdown() -> Effect<TimerAction> {
    let clock = clock
    return .run { send in
      for await _ in clock.timer(interval: .seconds(1)) {
        await send(.internal(.tick))
      }
    }
    .cancellable(id: CancelID.countdown, cancelInFlight: true)
  }
}
