import CounterFeature
import FeatureBridge
import JournalHost
import NotesFeature
import StoreKernelTesting
import Testing

/// The journal with one feature swapped for a `FakeFeature`: one line in `JournalFeatures`.
/// The fake runs behind the same boundary, so the journal cannot tell the difference.
@Suite @JournalActor struct JournalWithFakesTests {
  @Test func aCountFromFakeNotesDrivesTheRealCounter() async {
    let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var features = JournalFeatures.live(storage: .inMemory())
    features.notes = { fakeNotes.start(inputs: $0) }
    let journal = Journal(features: features)

    fakeNotes.emit(.noteCountChanged(3))

    #expect(await eventually { journal.entryCount == 3 })
    #expect(
      await eventually { journal.render(width: 60, height: 16).contains("    [-]   3   [+]") })
    await journal.stop()
  }

  @Test func aStorageErrorFromTheNotesShowsInTheStatus() async {
    let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var features = JournalFeatures.live(storage: .inMemory())
    features.notes = { fakeNotes.start(inputs: $0) }
    let journal = Journal(features: features)

    fakeNotes.emit(.storageError("cannot save /data/notes.json (disk full)"))

    #expect(
      await eventually { journal.status == "error: cannot save /data/notes.json (disk full)" })
    #expect(journal.render(width: 80, height: 10).first?.hasSuffix("disk full)") == true)
    await journal.stop()
  }

  @Test func searchSaveAndWritingReachTheNotes() async {
    let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes") { input in
      input == .save ? [.saved(noteCount: 4)] : []
    }
    var features = JournalFeatures.live(storage: .inMemory())
    features.notes = { fakeNotes.start(inputs: $0) }
    let journal = Journal(features: features)

    journal.search("milk")
    journal.save()
    #expect(journal.write("Buy milk"))

    #expect(await eventually { fakeNotes.receivedInputs == [.search("milk"), .save] })
    #expect(fakeNotes.receivedKeys == [.character("n"), .paste("Buy milk"), .escape])
    #expect(await eventually { journal.status == "saved 4 entries" })
    await journal.stop()
  }

  @Test func everyEntryCountFromTheRealNotesReachesTheCounter() async {
    let fakeCounter = FakeFeature<CounterInput, CounterOutput>(name: "Counter")
    var features = JournalFeatures.live(storage: .inMemory([("Monday", ""), ("Tuesday", "")]))
    features.counter = { fakeCounter.start(inputs: $0) }
    let journal = Journal(features: features)

    #expect(await eventually { fakeCounter.receivedInputs == [.setCount(2)] })
    journal.write("Wednesday")
    #expect(await eventually { fakeCounter.receivedInputs == [.setCount(2), .setCount(3)] })
    await journal.stop()
  }

  @Test func aMilestoneFromTheCounterIsRecorded() async {
    let fakeCounter = FakeFeature<CounterInput, CounterOutput>(name: "Counter")
    var features = JournalFeatures.live(storage: .inMemory())
    features.counter = { fakeCounter.start(inputs: $0) }
    let journal = Journal(features: features)

    fakeCounter.emit(.favoriteSaved(5))
    fakeCounter.emit(.favoriteSaved(2))
    fakeCounter.emit(.favoriteRemoved(5))

    #expect(await eventually { journal.milestones == [2] })
    #expect(journal.status == "milestone: 2 entries")
    await journal.stop()
  }
}
