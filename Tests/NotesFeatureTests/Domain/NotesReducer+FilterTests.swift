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

  /// A query that is not ASCII is found ignoring case in titles and bodies, as bytes of the
  /// lowercased text: a text as short as it may be once lowercased (`İ`, 2 bytes, is 3 bytes
  /// lowercased) is still searched, and one too short is not.
  @Test func anAccentedQueryIsFoundIgnoringCaseAndATextTooShortIsSkipped() {
    var state = NotesState.loaded([
      Note(id: 1, title: "CAFÉ", body: "", revision: 3),
      Note(id: 2, title: "tea", body: "Crème Brûlée", revision: 2),
      Note(id: 3, title: "İİ", body: "", revision: 1),
    ])
    search("café", in: &state)
    #expect(state.filter?.matches == [1])
    search("brûlée", in: &state)
    #expect(state.filter?.matches == [2])
    // "İİ" lowercased is 6 bytes: a 6-byte query in a 4-byte title.
    search("i\u{307}i\u{307}", in: &state)
    #expect(state.filter?.matches == [3])
    search(String(repeating: "é", count: 10), in: &state)
    #expect(state.filter?.matches == [])
  }

  /// Typing after a paste narrows: the new text contains the old, checked as bytes (a prefix,
  /// or anywhere), and a text that does not contain the old one searches every note again.
  @Test func aQueryNarrowsTheOnesItContains() {
    #expect(NotesReducer.query("déjà vu", narrows: "déjà"))
    #expect(NotesReducer.query("le déjà vu", narrows: "déjà"))
    #expect(!NotesReducer.query("déj", narrows: "déjà"))
    #expect(!NotesReducer.query("deja vu", narrows: "déjà"))
    var state = NotesState.loaded(notes)
    search(String(repeating: "pasted text ", count: 1_000), in: &state)
    #expect(state.filter?.matches == [])
    search(String(repeating: "pasted text ", count: 1_000) + "z", in: &state)
    #expect(state.filter?.matches == [])
    #expect(state.filter?.narrowed.count == 1, "narrowed the previous filter")
  }
}
