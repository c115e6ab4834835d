import FeatureBridge
import JournalHost
import NotesFeature
import StoreKernelTesting
import Testing

/// The journal driving the real NotesFeature and CounterFeature, through their public API only.
@Suite @JournalActor struct JournalTests {
  @Test func writtenEntriesShowAndTheCounterFollowsTheirCount() async {
    let journal = Journal(features: .live(storage: .inMemory()))

    #expect(journal.write("Ran 5k before breakfast"))
    #expect(journal.write("Finished the book"))

    // The notes handled the keys synchronously: the newest entry is on screen at once.
    #expect(journal.render(width: 80, height: 20).joined().contains("Finished the book"))
    // The count reaches the counter asynchronously: notes output → journal → counter input.
    #expect(await eventually { journal.entryCount == 2 })
    #expect(
      await eventually { journal.render(width: 80, height: 20).contains("    [-]   2   [+]") })
    await journal.stop()
  }

  @Test func settleWaitsUntilTheCountHasReachedTheCounter() async {
    let journal = Journal(features: .live(storage: .inMemory()))
    journal.write("One")
    journal.write("Two")

    #expect(await journal.settle())

    #expect(journal.entryCount == 2)
    #expect(journal.render(width: 80, height: 20).contains("    [-]   2   [+]"))
    await journal.stop()
  }

  @Test func aMilestoneIsTheCountersFavoriteAndIsShared() async {
    let milestones = SharedValue<Set<Int>>([])
    let storage = NotesStorage.inMemory([("Day one", "Started the journal")])
    let journal = Journal(features: .live(storage: storage, milestones: milestones))
    #expect(
      await eventually { journal.render(width: 80, height: 20).contains("    [-]   1   [+]") })

    journal.markMilestone()

    #expect(await eventually { journal.milestones == [1] })
    #expect(journal.status == "milestone: 1 entry")
    #expect(await eventually { milestones.value == [1] })
    await journal.stop()
  }

  @Test func searchShowsOnlyMatchingEntries() async {
    let journal = Journal(features: .live(storage: .inMemory()))
    journal.write("Buy milk")
    journal.write("Call mom")

    journal.search("milk")

    #expect(
      await eventually { journal.render(width: 80, height: 20).joined().contains("filter: milk") })
    let screen = journal.render(width: 80, height: 20).joined()
    #expect(screen.contains("Untitled 1"))
    #expect(!screen.contains("Untitled 2"))
    await journal.stop()
  }

  @Test func stoppingSavesTheEntriesForTheNextJournal() async {
    let storage = NotesStorage.inMemory()
    let first = Journal(features: .live(storage: storage, autosaveDelay: .seconds(3600)))
    first.write("Remember the milk")

    await first.stop()
    #expect(first.status == "saved 1 entry")

    let second = Journal(features: .live(storage: storage))
    #expect(await eventually { second.entryCount == 1 })
    #expect(second.render(width: 80, height: 20).joined().contains("Remember the milk"))
    await second.stop()
  }
}
