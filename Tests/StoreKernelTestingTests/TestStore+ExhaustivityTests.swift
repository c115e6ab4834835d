import StoreKernel
import StoreKernelTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(10))) struct TestStoreExhaustivityTests {
  let clock = TestClock()

  private func makeStore() -> TestStore<Counter.State, Counter.Action> {
    TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
  }

  @Test func withExhaustivityChecksLooselyInsideAndStrictlyAfter() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.withExhaustivity(.off) {
        await store.send(.incrementTwice)
        await store.send(.increment)
      }
      #expect(store.exhaustivity == .on)
      await store.send(.increment)
    }

    // Only the send after the block is checked.
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix("State changed but no change was asserted after send(increment)")
        == true)
    #expect(issues.first?.contains("count: 3 → 4") == true)
  }

  @Test func withExhaustivityReturnsWhatItsOperationReturns() {
    let store = makeStore()
    let inside = store.withExhaustivity(.off(showSkippedAssertions: true)) { store.exhaustivity }
    #expect(inside == .off(showSkippedAssertions: true))
    #expect(store.exhaustivity == .on)
  }
}
