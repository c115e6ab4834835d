import FeatureBridge
import JournalHost
import NotesFeature
import StoreKernel
import StoreKernelTesting
import Testing

/// The journal driving the real NotesFeature and CounterFeature, through their public API only.
/// The notes autosave on a test clock, so a test decides when the autosave fires and every wait
/// is on a signal (`settle()`, the clock), never on time passing.
@Suite @JournalActor struct JournalTests {
  let clock = TestClock()

  func journal(
    storage: NotesStorage = .inMemory(), milestones: Shared<Set<Int>> = Shared(value: [])
  ) -> Journal {
    Journal(features: .live(storage: storage, milestones: milestones, clock: clock))
  }

  @Test func writtenEntriesShowAndTheCounterFollowsTheirCount() async {
    let journal = journal()

    #expect(await journal.write("Ran 5k before breakfast"))
    #expect(await journal.write("Finished the book"))
    // The autosave the entries armed fires when the clock says so; then nothing is left.
    await clock.run()
    await journal.settle()

    #expect(journal.render(width: 80, height: 20).joined().contains("Finished the book"))
    // The count reached the counter through the journal: notes output → journal → counter.
    #expect(journal.entryCount == 2)
    #expect(journal.render(width: 80, height: 20).contains("    [-]   2   [+]"))
    #expect(journal.status == "saved 2 entries")
    await journal.stop()
  }

  @Test func aMilestoneIsTheCountersFavoriteAndIsShared() async {
    let milestones = Shared<Set<Int>>(value: [])
    let journal = journal(
      storage: .inMemory([("Day one", "Started the journal")]), milestones: milestones)
    await journal.settle()
    #expect(journal.render(width: 80, height: 20).contains("    [-]   1   [+]"))

    await journal.markMilestone()
    await journal.settle()

    #expect(journal.milestones == [1])
    #expect(journal.status == "milestone: 1 entry")
    #expect(milestones.wrappedValue == [1])
    await journal.stop()
  }

  @Test func searchShowsOnlyMatchingEntries() async {
    let journal = journal()
    await journal.write("Buy milk")
    await journal.write("Call mom")

    await journal.search("milk")
    await journal.stop()

    let screen = journal.render(width: 80, height: 20).joined()
    #expect(screen.contains("filter: milk"))
    #expect(screen.contains("Buy milk"))
    #expect(!screen.contains("Call mom"))
  }

  @Test func stoppingSavesTheEntriesForTheNextJournal() async {
    let storage = NotesStorage.inMemory()
    let first = journal(storage: storage)
    await first.write("Remember the milk")

    await first.stop()
    #expect(first.status == "saved 1 entry")

    let second = journal(storage: storage)
    await second.settle()
    #expect(second.entryCount == 1)
    #expect(second.render(width: 80, height: 20).joined().contains("Remember the milk"))
    await second.stop()
  }
}
