import StoreKernel
import StoreKernelTesting
import Testing

/// Increments the count kept in memory under "link-count", as a TCA reducer changes a keyed
/// shared value it does not hold in its state.
private struct KeyedIncrement: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    @Shared(.inMemory("link-count")) var count = 0
    $count.withLock { $0 += 1 }
    state = count
    return .none
  }
}

/// A test's own values exist before its first `TestStore`: the kernel installs
/// StoreKernelTesting's routing itself in a test process (`KernelTestingLink`).
@MainActor
@Suite struct TestScopeLinkTests {
  /// TCA's tests open with the shared values they need, then make the store. Run alone, so
  /// that nothing else in the process has made a `TestStore` or `TestClock` first.
  @Test func aKeyedValueMadeBeforeAnyTestStoreIsTheOneTheReducerChanges() async throws {
    if try await ranAlone(
      suite: "TestScopeLinkTests",
      test: "aKeyedValueMadeBeforeAnyTestStoreIsTheOneTheReducerChanges")
    {
      return
    }
    @Shared(.inMemory("link-count")) var count = 0
    let store = TestStore(initialState: 0, reducer: KeyedIncrement())
    await store.send(true) { $0 = 1 }
    #expect(count == 1)
    await store.send(true) { $0 = 2 }
    #expect(count == 2)
  }
}
