import StoreKernel
import StoreKernelTesting
import Testing

/// Each test counts into a registry of its own, handed to its stores through dependencies, so
/// stores that other tests create in parallel never change its figures.
@MainActor
@Suite struct StoreRegistryTests {
  let clock = TestClock()
  let registry = StoreRegistry()

  func makeStore(name: String? = nil) -> Store<Tally.State, Tally.Action> {
    Store(initialState: Tally.State(), reducer: Tally(clock: clock), name: name) {
      $0.storeRegistry = registry
    }
  }

  @Test func liveStoreCountGoesUpWithEachStoreAndBackDownOnRelease() {
    var root: Store<Tally.State, Tally.Action>? = makeStore()
    var scoped = root?.scope(state: { $0.count }, action: { $0 })
    #expect(registry.liveStoreCount == 2)

    root = nil
    #expect(registry.liveStoreCount == 2)
    scoped = nil
    #expect(registry.liveStoreCount == 0)
    #expect(scoped == nil)
  }

  @Test func liveStoresNamesEachStoreWithItsCounts() {
    let root = makeStore(name: "registry-root")
    let child = root.scope(state: { $0.count }, action: { $0 }, name: "registry-child")
    child.send(.increment)

    #expect(registry.liveStores.map(\.name) == ["registry-child", "registry-root"])
    #expect(registry.liveStores.map(\.events.actionsReceived) == [1, 1])
    #expect(registry.liveStores.map(\.events.reducerRuns) == [0, 1])
  }

  @Test func storesGivenNoRegistryCountIntoTheSharedOneAndNotIntoAnother() {
    let store = Store(initialState: Tally.State(), reducer: Tally(clock: clock))
    store.send(.increment)

    #expect(store.registry === StoreRegistry.shared)
    #expect(registry.liveStoreCount == 0)
    #expect(registry.totals == StoreEvents())
  }

  @Test func twoRegistriesNeverSeeEachOthersCounts() {
    let other = StoreRegistry()
    let mine = makeStore()
    let theirs = Store(initialState: Tally.State(), reducer: Tally(clock: clock)) {
      $0.storeRegistry = other
    }
    mine.send(.increment)
    theirs.send(.increment)
    theirs.send(.increment)

    #expect(registry.totals.actionsReceived == 1)
    #expect(other.totals.actionsReceived == 2)
  }

  @Test func resetTotalsStartsTheTotalsFromZero() {
    let store = makeStore(name: "reset-tally")
    store.send(.increment)
    #expect(registry.totals(named: "reset-tally").actionsReceived == 1)

    registry.resetTotals()
    let reset = registry.totals(named: "reset-tally")
    let totalsAfterReset = registry.totals
    store.send(.increment)
    store.send(.noop)

    #expect(reset == StoreEvents())
    #expect(totalsAfterReset == StoreEvents())
    #expect(registry.totals(named: "reset-tally").actionsReceived == 2)
    #expect(registry.totals.reducerRuns == 2)
    #expect(store.events.actionsReceived == 3)
  }

  @Test func totalsKeepTheCountsOfReleasedStores() {
    do {
      let store = makeStore(name: "released-tally")
      let token = store.observe(\.count) { _ in }
      store.send(.increment)
      store.send(.increment)
      store.send(.increment)
      token.cancel()
    }
    let totals = registry.totals(named: "released-tally")

    #expect(registry.liveStores.isEmpty)
    #expect(totals.actionsReceived == 3)
    #expect(totals.reducerRuns == 3)
    #expect(totals.stateDerivations == 4)
    #expect(totals.notifications == 4)
    #expect(registry.totals == totals)
  }

  /// Effects cancelled when their store is released end a moment later, off the store's actor:
  /// the registry's totals count them as ended all the same (they showed as running forever).
  @Test func effectsThatEndAfterTheirStoreIsReleasedAreCountedAsEnded() async {
    var tasks: [StoreTask] = []
    for _ in 0..<50 {
      var store: Store<Tally.State, Tally.Action>? = makeStore(name: "late")
      tasks.append(store!.send(.wait))
      store = nil
      #expect(store == nil)
    }
    for task in tasks { await task.finish() }

    let totals = registry.totals
    #expect(totals.effectsStarted == 50)
    #expect(totals.effectsCancelled == 50)
    #expect(totals.effectsStarted - totals.effectsFinished - totals.effectsCancelled == 0)
    #expect(registry.totals(named: "late").effectsCancelled == 50)
  }
}
