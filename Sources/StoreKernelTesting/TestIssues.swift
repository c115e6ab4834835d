internal import StoreKernel
internal import Testing

/// Routes the kernel's runtime issues (unhandled effect errors, live dependencies reached in a
/// test) to the running test as recorded issues, and gives each test dependency values of its
/// own outside a store.
///
/// A namespace: no values.
public enum TestIssues {
  /// Installs the routing for the whole process; `TestStore` and `TestClock` do this on
  /// creation. From then on, code outside a store reads the running test's own dependency
  /// values (`DependencyValues.current`): a default such as the incrementing uuid sequence is
  /// made once per test, and values kept under a `SharedKey` are kept per test.
  public static func install() {
    IssueReporter.setHandler { message in
      Issue.record(Comment(rawValue: message))
    }
    _storeKernelTestingInstallScopes()
  }
}

/// Gives each test its own values outside a store, for the kernel, by a C name: the kernel
/// reaches it through a weak link, without importing StoreKernelTesting, the first time a test
/// process looks for a test's own values (so a shared value made before any `TestStore` is
/// already the test's). Issues are left where they go until ``TestIssues/install()``: a test
/// may be collecting them itself. Not API: call ``TestIssues/install()``.
@_cdecl("store_kernel_testing_install_scopes")
public func _storeKernelTestingInstallScopes() {
  TestScopes.install { TestScopeFinder.current() }
}
