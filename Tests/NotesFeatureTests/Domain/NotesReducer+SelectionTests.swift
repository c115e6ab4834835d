import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// Moving the selection and filtering the list by a search.
@MainActor
@Suite struct NotesReducerSelectionTests {
  let clock = TestClock()

  let gamma = Note(id: 3, title: "Gamma", body: "ccc", revision: 3)
  let beta = Note(id: 2, title: "Beta", body: "bb", revision: 2)
  let alpha = Note(id: 1, title: "Alpha", body: "a", revision: 1)

  func makeStore(_ state: NotesState) -> TestStore<NotesState, NotesAction> {
    makeNotesStore(state, clock: clock)
  }

  // MARK: - Selection

  @Test func selectNextAndPreviousMoveThroughTheListAndStopAtItsEnds() async {
    let store = makeStore(.loaded([gamma, beta, alpha]))
    await store.send(.view(.selectNext)) {
      $0.selectedID = 2
      $0.cursor = 2
    }
    await store.send(.view(.selectNext)) {
      $0.selectedID = 1
      $0.cursor = 1
    }
    await store.send(.view(.selectNext))
    await store.send(.view(.selectPrevious)) {
      $0.selectedID = 2
      $0.cursor = 2
    }
    await store.send(.view(.selectPrevious)) {
      $0.selectedID = 3
      $0.cursor = 3
    }
    await store.send(.view(.selectPrevious))
    await store.finish()
  }

  @Test func selectingInAnEmptyListDoesNothing() async {
    let store = makeStore(.loaded([]))
    await store.send(.view(.selectNext))
    await store.send(.view(.selectPrevious))
    await store.finish()
  }

  @Test func editTappedWithNothingSelectedDoesNothing() async {
    let store = makeStore(.loaded([]))
    await store.send(.view(.editTapped))
    await store.finish()
  }

  // MARK: - Search

  let groceries = Note(id: 3, title: "Groceries", body: "apples, milk", revision: 3)
  let pie = Note(id: 2, title: "Apple pie", body: "bake at 180", revision: 2)
  let work = Note(id: 1, title: "Work", body: "deadline Friday", revision: 1)

  @Test func searchFiltersByTitleAndBodyIgnoringCase() async {
    let store = makeStore(.loaded([groceries, pie, work]))
    await store.send(.view(.searchTapped)) { $0.mode = .searching }
    await store.send(.view(.textInserted("APP"))) {
      $0.searchText = "APP"
      $0.fieldCursor = 3
      $0.filter = NoteFilter(query: "app", matches: [3, 2])
    }
    #expect(store.state.visibleNotes == [groceries, pie])
    // The selection leaves a note that no longer matches for the first one that does.
    await store.send(.view(.textInserted("lep"))) {
      $0.searchText = "APPlep"
      $0.fieldCursor = 6
      $0.filter = NoteFilter(query: "applep", matches: [])
      $0.selectedID = nil
    }
    #expect(store.state.visibleNotes.isEmpty)
    await store.send(.view(.backspaceTapped)) {
      $0.searchText = "APPle"
      $0.fieldCursor = 5
      $0.filter = NoteFilter(query: "apple", matches: [3, 2])
      $0.selectedID = 3
      $0.cursor = 12
    }
    await store.send(.view(.textInserted(" p"))) {
      $0.searchText = "APPle p"
      $0.fieldCursor = 7
      $0.filter = NoteFilter(query: "apple p", matches: [2])
      $0.selectedID = 2
      $0.cursor = 11
    }
    #expect(store.state.visibleNotes == [pie])
    await store.finish()
  }

  @Test func newlineKeepsTheFilterAndSelectionStaysInsideIt() async {
    var state = NotesState.loaded([groceries, pie, work])
    state.mode = .searching
    state.search("app")
    let store = makeStore(state)
    await store.send(.view(.newlineTapped)) { $0.mode = .browsing }
    await store.send(.view(.selectNext)) {
      $0.selectedID = 2
      $0.cursor = 11
    }
    await store.send(.view(.selectNext))
    await store.send(.view(.selectPrevious)) {
      $0.selectedID = 3
      $0.cursor = 12
    }
    await store.finish()
  }

  @Test func escapeWhileSearchingClearsTheSearch() async {
    var state = NotesState.loaded([groceries, pie, work])
    state.mode = .searching
    state.search("app")
    let store = makeStore(state)
    await store.send(.view(.escapeTapped)) {
      $0.mode = .browsing
      $0.searchText = ""
      $0.filter = nil
    }
    #expect(store.state.visibleNotes == [groceries, pie, work])
    await store.finish()
  }

  @Test func escapeWhileBrowsingWithAKeptFilterClearsIt() async {
    var state = NotesState.loaded([groceries, pie, work])
    state.search("app")
    let store = makeStore(state)
    await store.send(.view(.escapeTapped)) {
      $0.searchText = ""
      $0.filter = nil
    }
    #expect(store.state.visibleNotes == [groceries, pie, work])
    await store.finish()
  }

  @Test func escapeAfterASearchThatMatchedNothingSelectsAVisibleNote() async {
    let store = makeStore(.loaded([groceries, pie, work]))
    await store.send(.view(.searchTapped)) { $0.mode = .searching }
    await store.send(.view(.textInserted("xyz"))) {
      $0.searchText = "xyz"
      $0.fieldCursor = 3
      $0.filter = NoteFilter(query: "xyz", matches: [])
      $0.selectedID = nil
      $0.cursor = 0
    }
    await store.send(.view(.escapeTapped)) {
      $0.mode = .browsing
      $0.searchText = ""
      $0.filter = nil
      $0.selectedID = 3
      $0.cursor = 12
    }
    await store.finish()
  }

  @Test func searchInputFromTheHostFiltersWithoutChangingMode() async {
    let store = makeStore(.loaded([groceries, pie, work]))
    await store.send(.input(.search("friday"))) {
      $0.searchText = "friday"
      $0.fieldCursor = 6
      $0.filter = NoteFilter(query: "friday", matches: [1])
      $0.selectedID = 1
      $0.cursor = 15
    }
    await store.send(.input(.search("nothing like this"))) {
      $0.searchText = "nothing like this"
      $0.fieldCursor = 17
      $0.filter = NoteFilter(query: "nothing like this", matches: [])
      $0.selectedID = nil
      $0.cursor = 0
    }
    await store.send(.input(.search(""))) {
      $0.searchText = ""
      $0.fieldCursor = 0
      $0.filter = nil
      $0.selectedID = 3
      $0.cursor = 12
    }
    await store.finish()
  }

  @Test func typingMoreOfTheSearchChecksOnlyThePreviousMatches() async {
    // Note 1 is renamed behind the filter's back so that it matches: whether it shows up
    // tells whether a key checked every note or only the previous matches.
    var state = NotesState.loaded([groceries, pie, work])
    state.search("app")
    state.notes[2].title = "Applications"
    let store = makeStore(state)
    await store.send(.view(.searchTapped)) {
      $0.mode = .searching
      $0.fieldCursor = 3
    }
    await store.send(.view(.textInserted("l"))) {
      $0.searchText = "appl"
      $0.fieldCursor = 4
      $0.filter = NoteFilter(query: "appl", matches: [3, 2])
    }
    // Shortening it back takes the matches "app" had: no note changed through the reducer since
    // (a change does, and the search runs again: NotesReducerFilterTests).
    await store.send(.view(.backspaceTapped)) {
      $0.searchText = "app"
      $0.fieldCursor = 3
      $0.filter = NoteFilter(query: "app", matches: [3, 2])
    }
    await store.finish()
  }

  @Test func pageKeysAndHomeAndEndMoveTheSelectionThroughTheVisibleNotes() async {
    let notes = (1...10).reversed().map { Note(id: $0, title: "N\($0)", revision: $0) }
    let store = makeStore(.loaded(notes))
    await store.send(.view(.selectionMoved(by: 4))) { $0.selectedID = 6 }
    await store.send(.view(.selectionMoved(by: 4))) { $0.selectedID = 2 }
    await store.send(.view(.selectionMoved(by: 4))) { $0.selectedID = 1 }
    await store.send(.view(.selectionMoved(by: -3))) { $0.selectedID = 4 }
    await store.send(.view(.selectFirst)) { $0.selectedID = 10 }
    await store.send(.view(.selectLast)) { $0.selectedID = 1 }
    await store.send(.view(.selectionMoved(by: -20))) { $0.selectedID = 10 }
    await store.finish()
  }
}
