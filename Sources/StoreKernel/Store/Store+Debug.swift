import MultiStorePrimitives

extension Store {
  /// Prints every action this store's runtime handles, with a readable diff of the state it
  /// changed, like TCA's `_printChanges()`. On a scoped store, prints the root's actions.
  ///
  /// ```
  /// received action: increment
  ///   - count: 0
  ///   + count: 1
  /// ```
  ///
  /// - Parameter sink: Receives each report; standard error when `nil`.
  public func printChanges(to sink: (@Sendable (String) -> Void)? = nil) {
    let sink = sink ?? { StandardError.write($0) }
    switch source {
    case .root(let runtime):
      runtime.changeHook = { action, before, after in
        var report = "received action: \(action)\n"
        let diff = StateDiff.lines(from: before, to: after)
        report += diff.isEmpty ? "  (no state change)\n" : diff.map { "  \($0)\n" }.joined()
        sink(report)
      }
    case .scoped(let scoped):
      scoped.setChangeHook(sink)
    }
  }
}
