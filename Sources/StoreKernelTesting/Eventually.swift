/// Waits, on the caller's actor, until `condition` holds, letting effects, input pumps and
/// output routes run meanwhile; returns whether it held before a generous bound ran out.
///
/// Effects run on other threads, so a test cannot know exactly when one has reached a given
/// point: it waits for the observable outcome, never for a duration. The bound (about 5 s of
/// polling) only turns a real failure into a failed expectation instead of a hung test.
///
/// ```swift
/// let saw = await eventually { store.state.favorites == [3] }
/// #expect(saw)
/// ```
///
/// - Parameter condition: Checked first at once, then after each yield or short sleep.
/// - Returns: Whether `condition` held.
nonisolated(nonsending) public func eventually(_ condition: () -> Bool) async -> Bool {
  for attempt in 0..<20_000 {
    if condition() { return true }
    if attempt < 1_000 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(250))
    }
  }
  return condition()
}

extension TestClock {
  /// Waits until exactly `count` tasks sleep on the clock, so that advancing it next reaches
  /// every timer the test expects (a timer reads the clock only once its task runs).
  ///
  /// - Parameter count: The number of sleepers to wait for.
  /// - Returns: Whether that many were sleeping before the bound of ``eventually(_:)`` ran out.
  nonisolated(nonsending) public func waitForSleepers(_ count: Int) async -> Bool {
    await eventually { sleeperCount == count }
  }
}
