import StoreKernel

/// A log's logic: each change to its lines is one `withLock`, and tells the new count.
struct SessionLogReducer: Reducer {
  func reduce(
    into state: inout SessionLogState, action: SessionLogAction
  ) -> Effect<SessionLogAction> {
    switch action {
    case .started:
      return .send(.delegate(.countChanged(state.lines.count)))

    case .input(.append(let line)):
      state.$lines.withLock { $0.append(line) }
      return .send(.delegate(.countChanged(state.lines.count)))

    case .input(.clear), .view(.clearTapped):
      state.$lines.withLock { $0.removeAll() }
      return .send(.delegate(.countChanged(0)))

    case .delegate:
      return .none
    }
  }
}
