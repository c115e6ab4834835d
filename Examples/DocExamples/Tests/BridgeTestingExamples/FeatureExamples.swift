import CounterFeature
import FeatureBridge
import FeatureBridgeTesting
import NotesFeature
import ProfileFeature
import StoreKernel
import StoreKernelTesting
import Testing

@testable import BridgeExamples

// The examples in the doc comments of Feature, InputSender, ExecutorPreferringClock and the
// feature modules, run through their public boundaries.

@MainActor @Suite struct FeatureExamples {
  @Test func theCounterStarts() async {
    let favorites = SharedValue<Set<Int>>([])
    let counter = CounterFeature.start(favorites: favorites)
    await counter.send(.increment)
    #expect(counter.metrics.inputsDelivered == 1)
    await counter.stop()
  }

  @Test func theNotesReportWhatTheyDo() async {
    let notes = NotesFeature.start(storage: .inMemory())
    notes.onOutput { print($0) }  // .noteCountChanged(0), then .created(#1, …), …
    await notes.send(.create(title: "Groceries", body: "Milk"))
    await notes.stop()
    #expect(!notes.isRunning)
  }

  @Test func theNotesOutputsCanBeReadAfterTheyFinished() async {
    let notes = NotesFeature.start(storage: .inMemory())
    await notes.send(.create(title: "Groceries", body: "Milk"))
    await notes.finish()
    for await output in notes.outputs { print(output) }
  }

  @Test func theProfileRemovesAFavorite() async {
    let favorites = SharedValue<Set<Int>>([7])
    let profile = ProfileFeature.start(favorites: favorites)
    await profile.send(.remove(7))
    await profile.settle()
    #expect(favorites.value.isEmpty)
    await profile.stop()
  }

  @Test func theInputSenderTakesInputsFromAnyThread() async {
    let favorites = SharedValue<Set<Int>>([])
    let counter = CounterFeature.start(count: 3, favorites: favorites)
    counter.input.send(.reset)
    #expect(await counter.untilDelivered(1))
    await counter.stop()
  }

  @Test func aHostHearsTheCounter() async {
    let host = CounterHost()
    host.start()
    await host.counter?.send(.increment)
    #expect(host.reports == [.countChanged(1)])
    await host.counter?.stop()
  }

  @Test func aTestClockRunsTheNotesEffects() async {
    let clock = TestClock()
    let notes = NotesFeature.start(storage: .inMemory(), clock: clock)  // effects on its executor
    await notes.send(.create(title: "Groceries", body: "Milk"))
    await notes.stop()
  }

  @Test func theTallySharesItsFavorites() async {
    let favorites = SharedValue<Set<Int>>([])
    let tally = TallyFeature.start(favorites: favorites)
    let viewStore = TallyFeature.viewStore(of: tally)
    viewStore.send(.incrementTapped)
    viewStore.send(.favoriteTapped)
    // The favorite comes back through the subscription, in an effect: wait until it shows.
    #expect(await observed({ viewStore.isFavorite }, until: { $0 }))
    #expect(favorites.value == [1])
    #expect(caption(of: viewStore, scheduleRedraw: {}) == "1 ★")
    await tally.stop()
  }
}
