import StoreKernel
import StoreKernelTesting
import Testing

@MainActor
@Suite struct StoreMetricsTests {
  @Test func aKnownSequenceProducesExactCounts() async {
    let store = Store(initialState: Tally.State(), reducer: Tally(clock: TestClock()))
    #expect(store.events == StoreEvents())

    // 1 derivation, 1 notification.
    let token = store.observe(\.count) { _ in }
    // 2 actions, 2 reducer runs, 2 derivations, 2 notifications.
    store.send(.increment)
    store.send(.increment)
    // 1 action, 1 reducer run, 1 derivation.
    store.send(.noop)
    // 2 actions, 2 reducer runs, 2 derivations, 1 effect started and finished.
    await store.send(.load).finish()
    // 2 actions, 2 reducer runs, 2 derivations, 1 effect started and cancelled.
    let wait = store.send(.wait)
    store.send(.stopWaiting)
    #expect(await completes { await wait.finish() })

    var expected = StoreEvents()
    expected.actionsReceived = 7
    expected.reducerRuns = 7
    expected.stateDerivations = 8
    expected.notifications = 3
    expected.effectsStarted = 2
    expected.effectsFinished = 1
    expected.effectsCancelled = 1
    #expect(store.events == expected)
    #expect(store.events.total == 29)
    #expect(store.snapshot == StoreSnapshot(name: "State", events: expected))
    token.cancel()
  }

  @Test func countsBelongToEachStore() {
    let clock = TestClock()
    let busy = Store(initialState: Tally.State(), reducer: Tally(clock: clock))
    let idle = Store(initialState: Tally.State(), reducer: Tally(clock: clock))
    for _ in 0..<5 { busy.send(.increment) }
    #expect(busy.events.actionsReceived == 5)
    #expect(idle.events == StoreEvents())
  }
}
