import MultiStorePrimitives

/// Where the runtime reports misuse it can survive: an unhandled effect error, a test reaching a
/// live dependency. By default the message goes to standard error; StoreKernelTesting routes it
/// to the running test as a recorded issue.
///
/// `Sendable`: the handler is kept behind a lock.
public enum IssueReporter {
  private static let handler = LockedValue<(@Sendable (String) -> Void)?>(nil)

  /// Replaces how issues are reported, for the whole process. Package-only: outside code
  /// routes reports to its tests with `TestIssues.install()` (StoreKernelTesting).
  ///
  /// - Parameter report: Receives each message; `nil` restores the standard-error default.
  package static func setHandler(_ report: (@Sendable (String) -> Void)?) {
    handler.withLock { $0 = report }
  }

  /// Reports `message` through the current handler.
  ///
  /// - Parameter message: What went wrong, and how to fix it.
  public static func report(_ message: String) {
    if let report = handler.withLock({ $0 }) {
      report(message)
    } else {
      StandardError.write("[StoreKernel] \(message)\n")
    }
  }
}
