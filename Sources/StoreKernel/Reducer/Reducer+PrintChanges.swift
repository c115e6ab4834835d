import MultiStorePrimitives

extension Reducer {
  /// This reducer, printing every action it handles with a readable diff of the state it
  /// changed: TCA's `_printChanges()`, in the format of ``Store/printChanges(to:)``. Each action
  /// copies the state once, to compare: a debugging aid, not for a release build.
  ///
  /// ```swift
  /// let store = Store(initialState: Tally.State()) {
  ///   Tally()._printChanges(to: { reports.record($0) })
  /// }
  /// ```
  ///
  /// - Parameter sink: Receives each report; standard error when `nil`.
  /// - Returns: A reducer that runs this one and reports what each action changed.
  public func _printChanges(
    to sink: (@Sendable (String) -> Void)? = nil
  ) -> Reduce<State, Action> {
    let sink = sink ?? { StandardError.write($0) }
    return Reduce(start: { self.reduceStoreStart(into: &$0) }) { state, action in
      let before = state
      let effects = self.reduce(into: &state, action: action)
      sink(StateDiff.changeReport(action: action, from: before, to: state))
      return effects
    }
  }
}
