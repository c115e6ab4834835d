internal import Testing

/// How strictly a ``TestStore`` checks, as in TCA.
///
/// `Sendable` plain value.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change and received action must be asserted, and every effect must end by
  /// the end of the test.
  case on
  /// Only what the test asserts is checked: state changes it does not assert, received actions
  /// it does not receive and effects still running at ``TestStore/finish(timeout:sourceLocation:)``
  /// are let go without a failure. With `showSkippedAssertions`, each of them is recorded as an
  /// issue of severity `.warning` (shown, not failing), so you can see what the test let go.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}

extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) { store.skipReceivedActions(strict: false) }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: How strictly to check meanwhile.
  ///   - operation: The assertions to make with it.
  /// - Returns: What `operation` returns.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try operation()
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.load)
  ///   await store.receive(Loader.Action.loadedPath) { $0.isLoaded = true }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: How strictly to check meanwhile.
  ///   - operation: The assertions to make with it.
  /// - Returns: What `operation` returns.
  nonisolated(nonsending) public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try await operation()
  }

  /// Records what a non-exhaustive test store let go as a warning, when its exhaustivity is
  /// `.off(showSkippedAssertions: true)`; otherwise does nothing.
  func reportSkipped(_ message: @autoclosure () -> String, sourceLocation: SourceLocation) {
    guard exhaustivity == .off(showSkippedAssertions: true) else { return }
    Issue.record(
      Comment(rawValue: "Skipped assertions: " + message()), severity: .warning,
      sourceLocation: sourceLocation)
  }
}
