import StoreKernel

/// A log's logic. It tells its count when it starts and after each change it makes; a change
/// made elsewhere (another log on the file, or the file's load, which ends after the start)
/// reaches it through its subscription to the shared lines.
struct SessionLogReducer: Reducer {
  func reduce(
    into state: inout SessionLogState, action: SessionLogAction
  ) -> Effect<SessionLogAction> {
    switch action {
    case .started:
      state.count = state.lines.count
      return .merge(
        .send(.delegate(.countChanged(state.count))),
        .subscribe(to: state.$lines) { .linesChanged($0) })

    case .input(.append(let line)):
      state.$lines.withLock { $0.append(line) }
      return tellCount(&state)

    case .input(.clear), .view(.clearTapped):
      state.$lines.withLock { $0.removeAll() }
      return tellCount(&state)

    case .linesChanged(let lines):
      // Stale when the lines have moved on since: that change's value follows.
      guard lines == state.lines else { return .none }
      return tellCount(&state)

    case .delegate:
      return .none
    }
  }

  /// The count, told when it differs from the count told last.
  private func tellCount(_ state: inout SessionLogState) -> Effect<SessionLogAction> {
    guard state.lines.count != state.count else { return .none }
    state.count = state.lines.count
    return .send(.delegate(.countChanged(state.count)))
  }
}
