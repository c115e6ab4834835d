import FeatureBridge
import JournalHost
import NotesFeature
import StoreKernel
import Testing

/// The journal driving the real NotesFeature and CounterFeature, through their public API only.
@Suite @JournalActor struct JournalTests {
  @Test func writtenEntriesShowAndTheCounterFollowsTheirCount() async {
    let journal = Journal(features: .live(storage: .inMemory()))

    #expect(await journal.write("Ran 5k before breakfast"))
    #expect(await journal.write("Finished the book"))

    // The notes handled the inputs before `write` returned: the newest entry is on screen.
    #expect(journal.render(width: 80, height: 20).joined().contains("Finished the book"))
    // The count reaches the counter through the journal: notes output → journal → counter.
    await journal.settle()
    #expect(journal.entryCount == 2)
    #expect(journal.render(width: 80, height: 20).contains("    [-]   2   [+]"))
    await journal.stop()
  }

  @Test func settleWaitsUntilTheCountHasReachedTheCounter() async {
    let journal = Journal(features: .live(storage: .inMemory()))
    await journal.write("One")
    await journal.write("Two")

    await journal.settle()

    #expect(journal.entryCount == 2)
    #expect(journal.render(width: 80, height: 20).contains("    [-]   2   [+]"))
    await journal.stop()
  }

  @Test func aMilestoneIsTheCountersFavoriteAndIsShared() async {
    let milestones = SharedValue<Set<Int>>([])
    let storage = NotesStorage.inMemory([("Day one", "Started the journal")])
    let journal = Journal(features: .live(storage: storage, milestones: milestones))
    await journal.settle()
    #expect(journal.render(width: 80, height: 20).contains("    [-]   1   [+]"))

    await journal.markMilestone()
    await journal.settle()

    #expect(journal.milestones == [1])
    #expect(journal.status == "milestone: 1 entry")
    #expect(milestones.value == [1])
    await journal.stop()
  }

  @Test func searchShowsOnlyMatchingEntries() async {
    let journal = Journal(features: .live(storage: .inMemory()))
    await journal.write("Buy milk")
    await journal.write("Call mom")

    await journal.search("milk")

    let screen = journal.render(width: 80, height: 20).joined()
    #expect(screen.contains("filter: milk"))
    #expect(screen.contains("Buy milk"))
    #expect(!screen.contains("Call mom"))
    await journal.stop()
  }

  @Test func stoppingSavesTheEntriesForTheNextJournal() async {
    let storage = NotesStorage.inMemory()
    let first = Journal(features: .live(storage: storage, autosaveDelay: .seconds(3600)))
    await first.write("Remember the milk")

    await first.stop()
    #expect(first.status == "saved 1 entry")

    let second = Journal(features: .live(storage: storage))
    await second.settle()
    #expect(second.entryCount == 1)
    #expect(second.render(width: 80, height: 20).joined().contains("Remember the milk"))
    await second.stop()
  }
}
