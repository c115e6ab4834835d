import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// nano's keys in the editor: Ctrl-K cuts lines (one after another gather), Alt-6 copies one,
/// Ctrl-U pastes them back, Ctrl-W finds text in the note; and a key that edits marks the note
/// unreported again after a report, so the status line stops saying "Saved".
@MainActor
@Suite struct NoteEditorReducerNanoKeysTests {
  let clock = TestClock()

  func makeStore(_ state: NoteEditorState) -> TestStore<NoteEditorState, NoteEditorAction> {
    makeEditorStore(state, clock: clock)
  }

  @Test func cutsOneAfterAnotherGatherTheirLinesAndPasteBringsThemBack() async {
    let store = makeStore(.editing("one\ntwo\nthree", cursor: 1))
    let cutOne = TextEdit(offset: 0, removed: "one\n", cursorBefore: 1)
    let cutTwo = TextEdit(offset: 0, removed: "two\n", cursorBefore: 0)
    let paste = TextEdit(offset: 5, inserted: "one\ntwo\n", cursorBefore: 5)
    let cutThree = TextEdit(offset: 0, removed: "threeone\n", cursorBefore: 0)
    await store.send(.view(.cutLineTapped)) {
      $0.note.body = "two\nthree"
      $0.cursor = 0
      $0.cutBuffer = "one\n"
      $0.cutBufferIsOpen = true
      $0.history = EditHistory(undo: [cutOne], lastEditIsOpen: true)
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    await store.send(.view(.cutLineTapped)) {
      $0.note.body = "three"
      $0.cutBuffer = "one\ntwo\n"
      $0.history = EditHistory(undo: [cutOne, cutTwo], lastEditIsOpen: true)
    }
    // A move ends the run: the next cut starts the buffer again.
    await store.send(.view(.cursorMoved(.lineEnd))) {
      $0.cursor = 5
      $0.cutBufferIsOpen = false
    }
    await store.send(.view(.pasteCutTapped)) {
      $0.note.body = "threeone\ntwo\n"
      $0.cursor = 13
      $0.history = EditHistory(undo: [cutOne, cutTwo, paste], lastEditIsOpen: true)
    }
    // The empty line after the last line break has nothing to cut.
    let nothing = await store.send(.view(.cutLineTapped))
    #expect(nothing.isEmpty)
    await store.send(.view(.cursorMoved(.textStart))) { $0.cursor = 0 }
    await store.send(.view(.cutLineTapped)) {
      $0.note.body = "two\n"
      $0.cutBuffer = "threeone\n"
      $0.cutBufferIsOpen = true
      $0.history = EditHistory(undo: [cutOne, cutTwo, paste, cutThree], lastEditIsOpen: true)
    }
    // Undo takes a cut back.
    await store.send(.view(.undoTapped)) {
      $0.note.body = "threeone\ntwo\n"
      $0.cutBufferIsOpen = false
      $0.history = EditHistory(undo: [cutOne, cutTwo, paste], redo: [cutThree])
    }
    await expectFlush(store)
    // The cut buffer goes back to the list with the note, for the next note opened.
    #expect(store.state.editing.cutBuffer == "threeone\n")
  }

  @Test func copyingALineLeavesTheTextAndMovesToTheNextLine() async {
    let store = makeStore(.editing("one\ntwo\n", cursor: 2))
    // Copying is no edit: nothing is armed, nothing will be handed over.
    let copy = await store.send(.view(.copyLineTapped)) {
      $0.cursor = 4
      $0.cutBuffer = "one\n"
      $0.cutBufferIsOpen = true
    }
    #expect(copy.isEmpty)
    await store.send(.view(.copyLineTapped)) {
      $0.cursor = 8
      $0.cutBuffer = "one\ntwo\n"
    }
    // Pasting is one.
    await store.send(.view(.pasteCutTapped)) {
      $0.note.body = "one\ntwo\none\ntwo\n"
      $0.cursor = 16
      $0.cutBufferIsOpen = false
      $0.history = EditHistory(
        undo: [TextEdit(offset: 8, inserted: "one\ntwo\n", cursorBefore: 8)],
        lastEditIsOpen: true)
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    await expectReport(store, clock: clock)
    await store.finish()
  }

  @Test func pastingAnEmptyCutBufferDoesNothing() async {
    let store = makeStore(.editing("text", cursor: 2))
    let paste = await store.send(.view(.pasteCutTapped))
    #expect(paste.isEmpty)
    await store.finish()
  }

  /// From the very end of the note there is nothing after the cursor: the match at the top is
  /// found by wrapping, and said so, as nano says "Search Wrapped".
  @Test func findFromTheEndOfTheNoteSaysItWrapped() async {
    let store = makeStore(.editing("abc\nabc\nxyz", cursor: 11))
    await store.send(.view(.findTapped)) { $0.mode = .finding(draft: "") }
    await store.send(.view(.textInserted("abc"))) {
      $0.mode = .finding(draft: "abc")
      $0.fieldCursor = 3
    }
    await store.send(.view(.newlineTapped)) {
      $0.mode = .editing
      $0.cursor = 0
      $0.lastFind = "abc"
      $0.notice = "Search wrapped"
    }
    await store.finish()
  }

  @Test func findMovesToTheNextMatchThenWrapsAndSaysWhenThereIsNone() async {
    let store = makeStore(.editing("Apple pie, apple tart.", cursor: 0))
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
    // Esc leaves the find for the note: the editor stays open.
    await store.send(.view(.findTapped)) {
      $0.mode = .finding(draft: "")
      $0.fieldCursor = 0
      $0.notice = nil
    }
    let escape = await store.send(.view(.escapeTapped)) { $0.mode = .editing }
    #expect(escape.isEmpty)
    await store.finish()
  }

  @Test func offsetOfFindsAcrossChunksIgnoringASCIICase() {
    let text = TextBuffer(String(repeating: "x", count: 12_285) + "NeedLe" + "tail needle")
    #expect(text.offset(of: "needle", from: 0) == 12_285)
    #expect(text.offset(of: "needle", from: 12_286) == 12_296)
    #expect(text.offset(of: "NEEDLE", from: 12_297) == nil)
    // Letters other than ASCII match as they are.
    #expect(TextBuffer("GRÜßE grüße").offset(of: "grüße", from: 0) == 8)
  }

  @Test func anEditAfterAReportMarksTheNoteUnreportedAgain() async {
    let store = makeStore(.editing("text", cursor: 4))
    await store.send(.view(.textInserted("!"))) {
      $0.note.body = "text!"
      $0.cursor = 5
      $0.history = EditHistory(
        undo: [TextEdit(offset: 4, inserted: "!", cursorBefore: 4, kind: .typing)],
        lastEditIsOpen: true)
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    await expectReport(store, clock: clock)
    #expect(!store.state.hasUnreportedEdits)
    await store.send(.view(.textInserted("?"))) {
      $0.note.body = "text!?"
      $0.cursor = 6
      $0.history.undo[0].inserted = "!?"
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    #expect(store.state.hasUnreportedEdits)
    await expectFlush(store)
  }
}
