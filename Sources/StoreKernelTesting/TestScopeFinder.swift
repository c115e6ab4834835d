import MultiStorePrimitives
import StoreKernel
import Testing

/// Finds the running test's scope for the kernel: each Swift Testing test (each case of a
/// parameterized one) gets its own dependency values and shared-key values outside a store, so
/// parallel tests never share a generator or a kept value.
enum TestScopeFinder {
  private static let scopes = LockedValue<[String: TestScope]>([:])

  /// The scope of the test running in the current task, made on first use; `nil` outside a
  /// test.
  static func current() -> TestScope? {
    guard let test = Test.current else { return nil }
    var key = String(describing: test.id)
    if let testCase = Test.Case.current, testCase.isParameterized {
      key += " " + String(reflecting: testCase)
    }
    return scopes.withLock { scopes in
      if let scope = scopes[key] { return scope }
      let scope = TestScope()
      scopes[key] = scope
      return scope
    }
  }
}
