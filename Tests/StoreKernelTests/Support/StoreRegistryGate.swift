import Testing

/// Runs the tests it marks one at a time, process-wide.
///
/// `StoreRegistry` counts every store in the process, and Swift Testing runs tests in parallel.
/// Tests that assert exact registry numbers, and tests that create or drive stores off the main
/// actor (which could change those numbers at any moment), take this gate. Main-actor tests
/// need not: a registry test reads and asserts within one synchronous main-actor stretch.
struct StoreRegistryGate: SuiteTrait, TestTrait, TestScoping {
  private static let gate = Gate()

  var isRecursive: Bool { true }

  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    await Self.gate.enter()
    do {
      try await function()
    } catch {
      await Self.gate.leave()
      throw error
    }
    await Self.gate.leave()
  }
}

extension Trait where Self == StoreRegistryGate {
  /// Runs the test apart from every other test marked the same way.
  static var storeRegistryGate: Self { StoreRegistryGate() }
}

private actor Gate {
  private var isTaken = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    guard isTaken else {
      isTaken = true
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  func leave() {
    if waiters.isEmpty {
      isTaken = false
    } else {
      waiters.removeFirst().resume()
    }
  }
}
