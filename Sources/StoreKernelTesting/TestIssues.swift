internal import StoreKernel
internal import Testing

/// Routes the kernel's runtime issues (unhandled effect errors, live dependencies reached in a
/// test) to the running test as recorded issues.
///
/// A namespace: no values.
public enum TestIssues {
  /// Installs the routing for the whole process; `TestStore` does this on creation.
  public static func install() {
    IssueReporter.setHandler { message in
      Issue.record(Comment(rawValue: message))
    }
  }
}
