import CounterFeature
import FeatureBridge
import FeatureBridgeTesting
import NotesFeature
import ProfileFeature
import StoreKernel
import StoreKernelTesting
import Testing

@testable import BridgeExamples

// The examples in the doc comments of FeatureHandle, InputSender, ExecutorPreferringClock and the
// feature modules, run through their public boundaries.

/// The id and title of a `.created` output, as `#1 Groceries`.
private func created(_ output: NotesOutput) -> String? {
  guard case .created(let id, let title) = output else { return nil }
  return "\(id) \(title)"
}

@MainActor @Suite struct FeatureExamples {
  @Test func theCounterStarts() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(favorites: favorites))
    await counter.send(.increment)
    #expect(counter.metrics.inputsDelivered == 1)
    await counter.stop()
  }

  @Test func theNotesReportWhatTheyDo() async {
    let notes = NotesFeature.launcher.start(.init(storage: .inMemory()))
    var heard: [NotesOutput] = []
    notes.onOutput { heard.append($0) }  // .noteCountChanged(0), then .created(#1, …), …
    await notes.send(.create(title: "Groceries", body: "Milk"))
    await notes.stop()
    #expect(heard.first == .noteCountChanged(0))
    #expect(heard.dropFirst().first.flatMap(created) == "#1 Groceries", "\(heard)")
    #expect(!notes.isRunning)
  }

  @Test func theNotesOutputsCanBeReadAfterTheyFinished() async {
    let notes = NotesFeature.launcher.start(.init(storage: .inMemory()))
    await notes.send(.create(title: "Groceries", body: "Milk"))
    await notes.finish()
    var outputs: [NotesOutput] = []
    for await output in notes.outputs { outputs.append(output) }  // …, .saved(noteCount: 1)
    #expect(outputs.first == .noteCountChanged(0))
    #expect(outputs.compactMap(created) == ["#1 Groceries"], "\(outputs)")
    // The finish saved the new note: the last output says so.
    #expect(outputs.last == .saved(noteCount: 1), "\(outputs)")
  }

  @Test func theProfileRemovesAFavorite() async {
    let favorites = Shared<Set<Int>>(value: [7])
    let profile = ProfileFeature.launcher.start(favorites)
    await profile.send(.remove(7))
    await profile.settle()
    #expect(favorites.wrappedValue.isEmpty)
    await profile.stop()
  }

  @Test func theInputSenderTakesInputsFromAnyThread() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(count: 3, favorites: favorites))
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
    let clock = TestClock()  // the notes run their effects on its executor
    let notes = NotesFeature.launcher.start(.init(storage: .inMemory(), clock: clock))
    var saves: [Int] = []
    notes.onOutput { if case .saved(let count) = $0 { saves.append(count) } }
    await notes.send(.create(title: "Groceries", body: "Milk"))
    // The autosave waits on the clock, and the clock sees it: nothing is saved until time moves,
    // and moving it by the autosave delay starts the save, with no sleep in the test. (The save
    // itself runs on the storage's queue: settle waits for it.)
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    #expect(saves.isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 0)
    await notes.settle()
    #expect(saves == [1])
    await notes.stop()
  }

  @Test func theTallySharesItsFavorites() async {
    let favorites = Shared<Set<Int>>(value: [])
    let tally = TallyFeature.launcher.start(favorites)
    let viewStore = TallyFeature.viewStore(of: tally)
    viewStore.send(.incrementTapped)
    viewStore.send(.favoriteTapped)
    // The favorite comes back through the subscription, in an effect: wait until it shows.
    #expect(await observed({ viewStore.isFavorite }, until: { $0 }))
    #expect(favorites.wrappedValue == [1])
    #expect(caption(of: viewStore, scheduleRedraw: {}) == "1 ★")
    await tally.stop()
  }
}
