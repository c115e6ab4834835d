import StoreKernel
public import Testing

extension TestStore {
  /// Checks the current state without sending anything: TCA's `store.assert { }`. Useful after
  /// a non-exhaustive stretch, after ``skipReceivedActions(strict:sourceLocation:)``, or to assert a change made
  /// through a shared value outside any step.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.incrementTapped)
  /// store.assert { $0.count = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - updateExpected: Mutates a copy of the state as last asserted into the expected state.
  ///   - sourceLocation: Where to report a failure.
  public func assert(
    _ updateExpected: (inout State) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = recorder.lastAsserted
    let after = store.state
    withoutActuallyEscaping(updateExpected) { updateExpected in
      check(
        before: before, after: after, updateExpected, step: "assert", sharedStep: .max,
        sourceLocation: sourceLocation, allowsNoChange: true)
    }
    recorder.lastAsserted = after
  }

  /// Reports the shared values held in the state that changed since the last assertion and
  /// were never asserted (an exhaustive test store's end of test), each with its diff, then
  /// forgets them. A shared value the state does not hold is not the test's to assert, as at
  /// every step.
  func reportUnassertedSharedChanges(at location: SourceLocation) {
    defer { tracker.reset() }
    guard exhaustivity == .on else { return }
    let changes = tracker.unassertedChanges(
      amongRoots: SharedChangeTracker.roots(in: store.state))
    guard !changes.isEmpty else { return }
    let lines = changes.flatMap { change in
      StateDiff.lines(from: change.before, to: change.after, at: change.name).map { "  \($0)" }
    }
    Issue.record(
      Comment(
        rawValue: "Shared state changed but no change was asserted before the end of the test. "
          + "Assert it with `store.assert { … }`. (expected → actual)\n"
          + lines.joined(separator: "\n")),
      sourceLocation: location)
  }
}
