import StoreKernel
import StoreKernelTesting
import Testing

/// Each test reads and asserts within one synchronous stretch on the main actor, so other
/// main-actor tests cannot create or drive stores in between; the gate keeps out the tests that
/// use stores off the main actor. Effect outcomes are counted on other threads at any time, so
/// the process-wide totals are only checked on the counts made on the stores' actor.
@MainActor
@Suite(.storeRegistryGate) struct StoreRegistryTests {
  let clock = TestClock()

  @Test func liveStoreCountGoesUpWithEachStoreAndBackDownOnRelease() {
    let before = StoreRegistry.liveStoreCount
    var root: Store<Tally.State, Tally.Action>? = Store(
      initialState: Tally.State(), reducer: Tally(clock: clock))
    var scoped = root?.scope(state: { $0.count }, action: { $0 })
    #expect(StoreRegistry.liveStoreCount == before + 2)

    root = nil
    #expect(StoreRegistry.liveStoreCount == before + 2)
    scoped = nil
    #expect(StoreRegistry.liveStoreCount == before)
    #expect(scoped == nil)
  }

  @Test func liveStoresNamesEachStoreWithItsCounts() {
    let root = Store(
      initialState: Tally.State(), reducer: Tally(clock: clock), name: "registry-root")
    let child = root.scope(state: { $0.count }, action: { $0 }, name: "registry-child")
    child.send(.increment)

    let mine = StoreRegistry.liveStores.filter { $0.name.hasPrefix("registry-") }

    #expect(mine.map(\.name) == ["registry-child", "registry-root"])
    #expect(mine.map(\.events.actionsReceived) == [1, 1])
    #expect(mine.map(\.events.reducerRuns) == [0, 1])
  }

  @Test func resetTotalsStartsTheTotalsFromZero() {
    // Exact figures come from the totals of this test's own store name: other suites create and
    // drive stores in parallel, so the process-wide totals can only be checked for the reset.
    let name = "reset-tally-\(UInt64.random(in: .min ... .max))"
    let store = Store(initialState: Tally.State(), reducer: Tally(clock: clock), name: name)
    store.send(.increment)
    #expect(StoreRegistry.totals(named: name).actionsReceived == 1)
    let beforeReset = StoreRegistry.totals

    StoreRegistry.resetTotals()
    let reset = StoreRegistry.totals(named: name)
    let processAfterReset = StoreRegistry.totals
    store.send(.increment)
    store.send(.noop)
    let totals = StoreRegistry.totals(named: name)

    #expect(reset == StoreEvents())
    #expect(processAfterReset.total < beforeReset.total)
    #expect(totals.actionsReceived == 2)
    #expect(totals.reducerRuns == 2)
    #expect(store.events.actionsReceived == 3)
  }

  @Test func totalsKeepTheCountsOfReleasedStores() {
    let name = "released-tally-\(UInt64.random(in: .min ... .max))"
    do {
      let store = Store(initialState: Tally.State(), reducer: Tally(clock: clock), name: name)
      let token = store.observe(\.count) { _ in }
      store.send(.increment)
      store.send(.increment)
      store.send(.increment)
      token.cancel()
    }
    let totals = StoreRegistry.totals(named: name)

    #expect(!StoreRegistry.liveStores.contains { $0.name == name })
    #expect(totals.actionsReceived == 3)
    #expect(totals.reducerRuns == 3)
    #expect(totals.stateDerivations == 4)
    #expect(totals.notifications == 4)
  }
}
