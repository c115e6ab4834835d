/// A closure for a dependency client's test value that reports an issue naming the endpoint
/// if a test calls it without overriding it, then returns `placeholder`. TCA's
/// `unimplemented`.
///
/// ```swift
/// struct DraftClient: Sendable {
///   var load: @Sendable () async throws -> [String]
///   var count: @Sendable () -> Int
/// }
/// extension DraftClient {
///   static let testValue = DraftClient(
///     load: unimplemented("DraftClient.load"),
///     count: unimplemented("DraftClient.count", placeholder: 0))
/// }
/// ```
///
/// - Parameters:
///   - name: The endpoint, as the report names it (`"DraftClient.load"`).
///   - placeholder: What the closure returns after reporting.
/// - Returns: The closure.
public func unimplemented<each Argument, Result: Sendable>(
  _ name: String, placeholder: Result
) -> @Sendable (repeat each Argument) -> Result {
  { (_: repeat each Argument) in
    IssueReporter.report(unimplementedMessage(name))
    return placeholder
  }
}

/// A closure for a dependency client's test value that reports an issue naming the endpoint
/// if a test calls it without overriding it, then throws ``UnimplementedError``.
///
/// - Parameter name: The endpoint, as the report names it (`"DraftClient.load"`).
/// - Returns: The closure.
public func unimplemented<each Argument, Result>(
  _ name: String
) -> @Sendable (repeat each Argument) throws -> Result {
  { (_: repeat each Argument) in
    IssueReporter.report(unimplementedMessage(name))
    throw UnimplementedError(endpoint: name)
  }
}

/// What an ``unimplemented(_:)`` endpoint throws once it has reported the call.
///
/// `Sendable` plain value.
public struct UnimplementedError: Error, Equatable, Sendable {
  /// The endpoint that was called.
  public let endpoint: String

  /// The error for a call of `endpoint`.
  ///
  /// - Parameter endpoint: The endpoint's name.
  public init(endpoint: String) {
    self.endpoint = endpoint
  }
}

private func unimplementedMessage(_ name: String) -> String {
  "Unimplemented: '\(name)' was called. Override it in the test's dependencies "
    + "(withDependencies), or expect the call."
}
