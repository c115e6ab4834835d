import KernelTestingLink
import MultiStorePrimitives
import Synchronization

/// What one test has of its own outside any store: the dependency values code reads there
/// (so a default such as the incrementing uuid sequence is the test's, not the process's) and
/// the values made for shared keys.
///
/// The kernel cannot import Testing (apps never link it): StoreKernelTesting installs the
/// function that finds the running test's scope (`TestIssues.install()`). In a test process the
/// kernel asks for it the first time it looks for a scope, through a weak link to
/// StoreKernelTesting (`KernelTestingLink`), so a shared value made at the top of a test, before
/// any `TestStore`, is already the test's. Where that link cannot be made (Mach-O), the first
/// `TestStore` or `TestClock` installs it. Outside a test there is none.
///
/// `Sendable`: both properties are immutable and `Sendable`.
package final class TestScope: Sendable {
  /// The dependency values of code outside a store, in this test.
  package let dependencies = DependencyValues(context: .test)
  /// The values made for shared keys in this test.
  package let sharedRegistry = SharedRegistry()

  package init() {}
}

/// Finds the running test's ``TestScope``.
///
/// A namespace: no values.
package enum TestScopes {
  /// The installed function, in a box: a closure kept in generic storage is wrapped in a
  /// reabstraction thunk on the way in and out.
  private final class Finder: Sendable {
    let find: @Sendable () -> TestScope?
    init(_ find: @escaping @Sendable () -> TestScope?) { self.find = find }
  }

  private static let installed = Atomic<Bool>(false)
  private static let finder = LockedValue<Finder?>(nil)

  /// Installs how the running test's scope is found, for the whole process; later calls
  /// change nothing.
  ///
  /// - Parameter find: Returns the scope of the test running in the current task, if any.
  package static func install(_ find: @escaping @Sendable () -> TestScope?) {
    guard !installed.load(ordering: .acquiring) else { return }
    finder.withLock { finder in
      if finder == nil { finder = Finder(find) }
    }
    installed.store(true, ordering: .releasing)
  }

  /// The running test's scope, or `nil` (no test runs in this task, or no finder installed).
  package static var current: TestScope? {
    guard installed.load(ordering: .acquiring) || installedThroughLink else { return nil }
    return finder.withLock { $0 }?.find()
  }

  /// Whether StoreKernelTesting, linked into this test process, installed its finder when first
  /// asked; asked once per process (a `static let` is made once, other threads waiting for it),
  /// and never in an app.
  private static let installedThroughLink: Bool =
    DependencyValues.processContext == .test && kernel_testing_link_install() == 1
}
