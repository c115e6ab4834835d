import MultiStorePrimitives

extension Store {
  /// Prints every action this store's runtime handles, with a readable diff of the state it
  /// changed, like TCA's `_printChanges()`. On a scoped store, prints the root's actions.
  ///
  /// ```
  /// received action: increment
  ///   count: 0 → 1
  /// ```
  ///
  /// - Parameter sink: Receives each report; standard error when `nil`.
  public func printChanges(to sink: (@Sendable (String) -> Void)? = nil) {
    let sink = sink ?? { StandardError.write($0) }
    switch source {
    case .root(let runtime):
      runtime.changeHook = { action, before, after in
        sink(StateDiff.changeReport(action: action, from: before, to: after))
      }
    case .scoped(let scoped):
      scoped.setChangeHook(sink)
    }
  }
}

extension StateDiff {
  /// What ``Store/printChanges(to:)`` and ``Reducer/_printChanges(to:)`` print for one action:
  /// the action, then a line per change of the state, or "(no state change)".
  static func changeReport<Action, State>(
    action: Action, from before: State, to after: State
  ) -> String {
    let diff = lines(from: before, to: after)
    return "received action: \(action)\n"
      + (diff.isEmpty ? "  (no state change)\n" : diff.map { "  \($0)\n" }.joined())
  }
}
