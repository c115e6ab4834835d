import StoreKernel
import StoreKernelTesting
import Testing

@MainActor
@Suite struct StoreDebugTests {
  let reports = Recorder<String>()

  @Test func printChangesReportsTheActionAndADiffOfTheState() {
    let store = Store(initialState: Tally.State(), reducer: Tally(clock: TestClock()))
    store.printChanges(to: { reports.record($0) })

    store.send(.increment)

    #expect(
      reports.values == [
        """
        received action: increment
          count: 0 → 1

        """
      ])
  }

  @Test func printChangesSaysWhenNothingChanged() {
    let store = Store(initialState: Tally.State(), reducer: Tally(clock: TestClock()))
    store.printChanges(to: { reports.record($0) })

    store.send(.noop)

    #expect(reports.values == ["received action: noop\n  (no state change)\n"])
  }

  @Test func printChangesReportsEveryActionTheRuntimeHandles() async {
    let store = Store(initialState: Tally.State(), reducer: Tally(clock: TestClock()))
    store.printChanges(to: { reports.record($0) })

    await store.send(.load).finish()

    #expect(reports.values.count == 2)
    #expect(reports.values.first?.hasPrefix("received action: load\n") == true)
    #expect(reports.values.last?.contains("received action: loaded") == true)
    #expect(reports.values.last?.contains("  loaded: false → true") == true)
  }

  @Test func printChangesOnAScopedStoreReportsTheRootsActions() {
    let root = Store(initialState: Tally.State(), reducer: Tally(clock: TestClock()))
    let child = root.scope(state: { $0.count }, action: { $0 })
    child.printChanges(to: { reports.record($0) })

    child.send(.increment)
    root.send(.increment)

    #expect(reports.values.count == 2)
    #expect(reports.values.allSatisfy { $0.hasPrefix("received action: increment\n") })
    #expect(reports.values.last?.contains("  count: 1 → 2") == true)
  }

  @Test func withoutPrintChangesNothingIsReported() {
    let store = Store(initialState: Tally.State(), reducer: Tally(clock: TestClock()))
    let other = Store(initialState: Tally.State(), reducer: Tally(clock: TestClock()))
    other.printChanges(to: { reports.record($0) })
    store.send(.increment)
    #expect(reports.values.isEmpty)
  }
}
