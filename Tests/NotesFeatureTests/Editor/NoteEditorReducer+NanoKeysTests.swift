import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// nano's keys in the editor: Ctrl-K cuts lines (one after another gather), Alt-6 copies one,
/// Ctrl-U pastes them back, Ctrl-W finds text in the note; and "Saved" goes once a key edits.
@MainActor
@Suite struct NotesReducerNanoKeysTests {
  let clock = TestClock()
  let recording = RecordingStorage()

  func editing(_ body: String, cursor: Int) -> NotesState {
    var state = NotesState.loaded([Note(id: 1, title: "Note", body: body, revision: 1)])
    state.mode = .editing
    state.cursor = cursor
    return state
  }

  func makeStore(_ state: NotesState) -> TestStore<NotesState, NotesAction> {
    makeNotesStore(state, storage: recording.storage, clock: clock)
  }

  @Test func cutsOneAfterAnotherGatherTheirLinesAndPasteBringsThemBack() async {
    let store = makeStore(editing("one\ntwo\nthree", cursor: 1))
    store.exhaustivity = .off
    await store.send(.view(.cutLineTapped)) {
      $0.notes[0].body = "two\nthree"
      $0.cursor = 0
      $0.cutBuffer = "one\n"
      $0.cutBufferIsOpen = true
    }
    await store.send(.view(.cutLineTapped)) {
      $0.notes[0].body = "three"
      $0.cutBuffer = "one\ntwo\n"
    }
    // A move ends the run: the next cut starts the buffer again.
    await store.send(.view(.cursorMoved(.lineEnd))) {
      $0.cursor = 5
      $0.cutBufferIsOpen = false
    }
    await store.send(.view(.pasteCutTapped)) {
      $0.notes[0].body = "threeone\ntwo\n"
      $0.cursor = 13
    }
    // The empty line after the last line break has nothing to cut.
    await store.send(.view(.cutLineTapped))
    await store.send(.view(.cursorMoved(.textStart))) { $0.cursor = 0 }
    await store.send(.view(.cutLineTapped)) {
      $0.notes[0].body = "two\n"
      $0.cutBuffer = "threeone\n"
      $0.cutBufferIsOpen = true
    }
    // Undo takes a cut back.
    await store.send(.view(.undoTapped)) {
      $0.notes[0].body = "threeone\ntwo\n"
      $0.cutBufferIsOpen = false
    }
    await store.skipInFlightEffects()
  }

  @Test func copyingALineLeavesTheTextAndMovesToTheNextLine() async {
    let store = makeStore(editing("one\ntwo\n", cursor: 2))
    store.exhaustivity = .off
    await store.send(.view(.copyLineTapped)) {
      $0.cursor = 4
      $0.cutBuffer = "one\n"
      $0.cutBufferIsOpen = true
    }
    await store.send(.view(.copyLineTapped)) {
      $0.cursor = 8
      $0.cutBuffer = "one\ntwo\n"
    }
    await store.send(.view(.pasteCutTapped)) {
      $0.notes[0].body = "one\ntwo\none\ntwo\n"
      $0.cursor = 16
      $0.cutBufferIsOpen = false
    }
    #expect(store.state.editCount == 1, "copying is no edit; pasting is one")
    await store.skipInFlightEffects()
  }

  @Test func findMovesToTheNextMatchThenWrapsAndSaysWhenThereIsNone() async {
    let store = makeStore(editing("Apple pie, apple tart.", cursor: 0))
    await store.send(.view(.findTapped)) { $0.mode = .finding(draft: "") }
    await store.send(.view(.textInserted("APPLE"))) {
      $0.mode = .finding(draft: "APPLE")
      $0.fieldCursor = 5
    }
    // After the cursor, ignoring case: the second apple.
    await store.send(.view(.newlineTapped)) {
      $0.mode = .editing
      $0.cursor = 11
      $0.lastFind = "APPLE"
    }
    // An empty find finds the last text again: past the end, from the start.
    await store.send(.view(.findTapped)) {
      $0.mode = .finding(draft: "")
      $0.fieldCursor = 0
    }
    await store.send(.view(.newlineTapped)) {
      $0.mode = .editing
      $0.cursor = 0
      $0.notice = "Search wrapped"
    }
    // The next key ends the message.
    await store.send(.view(.findTapped)) {
      $0.mode = .finding(draft: "")
      $0.notice = nil
    }
    await store.send(.view(.textInserted("plum"))) {
      $0.mode = .finding(draft: "plum")
      $0.fieldCursor = 4
    }
    await store.send(.view(.newlineTapped)) {
      $0.mode = .editing
      $0.lastFind = "plum"
      $0.notice = "“plum” not found"
    }
    // Esc leaves the find for the note.
    await store.send(.view(.findTapped)) {
      $0.mode = .finding(draft: "")
      $0.fieldCursor = 0
      $0.notice = nil
    }
    await store.send(.view(.escapeTapped)) { $0.mode = .editing }
  }

  @Test func findInTheListIsTheListsSearch() async {
    let store = makeStore(.loaded([Note(id: 1, title: "Note", revision: 1)]))
    await store.send(.view(.findTapped)) { $0.mode = .searching }
  }

  @Test func offsetOfFindsAcrossChunksIgnoringASCIICase() {
    let text = TextBuffer(String(repeating: "x", count: 12_285) + "NeedLe" + "tail needle")
    #expect(text.offset(of: "needle", from: 0) == 12_285)
    #expect(text.offset(of: "needle", from: 12_286) == 12_296)
    #expect(text.offset(of: "NEEDLE", from: 12_297) == nil)
    // Letters other than ASCII match as they are.
    #expect(TextBuffer("GRÜßE grüße").offset(of: "grüße", from: 0) == 8)
  }

  @Test func anEditAfterASaveTakesBackSaved() async {
    var state = editing("text", cursor: 4)
    state.status = "Saved"
    let store = makeStore(state)
    store.exhaustivity = .off
    await store.send(.view(.textInserted("!"))) {
      $0.notes[0].body = "text!"
      $0.cursor = 5
      $0.status = nil
    }
    await store.skipInFlightEffects()
  }
}
