import CounterFeature
import CounterTerminalView
import FeatureBridge
import FeatureBridgeTesting
import JournalHost
import NotesFeature
import StoreKernel
import StoreKernelTesting
import TerminalUI
import Testing

/// The journal with one feature swapped for a `FakeFeature`: one line in `JournalFeatures`.
/// The fake runs behind the same boundary, so the journal cannot tell the difference.
@Suite @JournalActor struct JournalWithFakesTests {
  @Test func aCountFromFakeNotesDrivesTheRealCounter() async {
    let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var features = JournalFeatures.live(storage: .inMemory())
    features.notes = { fakeNotes.start() }
    let journal = Journal(features: features)

    await fakeNotes.emit(.noteCountChanged(3))

    await journal.settle()
    #expect(journal.entryCount == 3)
    #expect(
      CounterFeature.terminalView(of: journal.counter).render(width: 60, height: 10).contains(
        "    [-]   3   [+]"))
    await journal.stop()
  }

  @Test func aStorageErrorFromTheNotesShowsInTheStatus() async {
    let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var features = JournalFeatures.live(storage: .inMemory())
    features.notes = { fakeNotes.start() }
    let journal = Journal(features: features)

    await fakeNotes.emit(.storageError("cannot save /data/notes.json (disk full)"))

    await journal.settle()
    #expect(journal.status == "error: cannot save /data/notes.json (disk full)")
    await journal.stop()
  }

  @Test func searchSaveAndWritingReachTheNotes() async {
    let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes") { input in
      input == .save ? [.saved(noteCount: 4)] : []
    }
    var features = JournalFeatures.live(storage: .inMemory())
    features.notes = { fakeNotes.start() }
    let journal = Journal(features: features)

    await journal.search("milk")
    await journal.save()
    #expect(await journal.write("Buy milk\nand bread"))
    await journal.settle()

    #expect(
      fakeNotes.receivedInputs == [
        .search("milk"), .save, .create(title: "Buy milk", body: "Buy milk\nand bread"),
      ])
    #expect(journal.status == "saved 4 entries")
    await journal.stop()
  }

  @Test func everyEntryCountFromTheRealNotesReachesTheCounter() async {
    let fakeCounter = FakeFeature<CounterInput, CounterOutput>(name: "Counter")
    let clock = TestClock()
    var features = JournalFeatures.live(
      storage: .inMemory([("Monday", ""), ("Tuesday", "")]), clock: clock)
    features.counter = { fakeCounter.start() }
    let journal = Journal(features: features)

    #expect(await journal.write("Wednesday"))
    await clock.run()
    await journal.settle()
    #expect(fakeCounter.receivedInputs == [.setCount(2), .setCount(3)])
    await journal.stop()
  }

  @Test func aMilestoneFromTheCounterIsRecorded() async {
    let fakeCounter = FakeFeature<CounterInput, CounterOutput>(name: "Counter")
    var features = JournalFeatures.live(storage: .inMemory())
    features.counter = { fakeCounter.start() }
    let journal = Journal(features: features)

    await fakeCounter.emit(.favoriteSaved(5))
    await fakeCounter.emit(.favoriteSaved(2))
    await fakeCounter.emit(.favoriteRemoved(5))

    await journal.settle()
    #expect(journal.milestones == [2])
    #expect(journal.status == "milestone: 2 entries")
    await journal.stop()
  }
}
