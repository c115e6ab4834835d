import Testing

@testable import NotesFeature

/// The search's filter: narrowed as the text grows, restored as it shrinks, and searched again
/// when a note changed in between.
@Suite struct NotesReducerFilterTests {
  let notes = [
    Note(id: 1, title: "Apples", body: "green", revision: 3),
    Note(id: 2, title: "Apple pie", body: "bake", revision: 2),
    Note(id: 3, title: "Pears", body: "ripe apples too", revision: 1),
  ]

  func search(_ text: String, in state: inout NotesState) {
    state.searchText = text
    NotesReducer().refilter(&state)
  }

  @Test func backspaceTakesTheWiderMatchesBackWithoutSearching() {
    var state = NotesState.loaded(notes)
    search("app", in: &state)
    #expect(state.filter?.matches == [1, 2, 3])
    search("apple p", in: &state)
    #expect(state.filter?.matches == [2])
    #expect(state.filter?.narrowed.map(\.query) == ["app"])
    // A note that now matches "app" would be found by a search, not by the kept filter: the
    // kept one is taken only while no note changed, which the test makes visible by changing a
    // note without telling the edit count.
    state.notes[2].title = "Pears (not matching)"
    state.notes[2].body = "ripe"
    search("app", in: &state)
    #expect(state.filter?.matches == [1, 2, 3], "kept, not searched again")
    #expect(state.filter?.narrowed.isEmpty == true)
  }

  @Test func aChangedNoteMakesTheNextBackspaceSearchAgain() {
    var state = NotesState.loaded(notes)
    search("app", in: &state)
    search("apple p", in: &state)
    state.notes[2].body = "ripe"
    state.editCount += 1
    search("app", in: &state)
    #expect(state.filter?.matches == [1, 2])
  }

  @Test func narrowingWithEveryCandidateStillMatchingKeepsThem() {
    var state = NotesState.loaded(notes)
    search("a", in: &state)
    let before = state.filter?.matches
    search("ap", in: &state)
    #expect(state.filter?.matches == before)
    #expect(state.filter?.narrowed.map(\.query) == ["a"])
  }
}
