import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// Editing the open note's body: insertion, deletion and cursor moves, on multi-byte text.
@MainActor
@Suite struct NoteEditorReducerEditingTests {
  let clock = TestClock()

  /// 18 UTF-8 bytes: h(1) é(2) l l o ␠ 日(3) 本(3) ␠ 🎉(4).
  static let mixed = "héllo 日本 🎉"

  func makeStore(_ state: NoteEditorState) -> TestStore<NoteEditorState, NoteEditorAction> {
    makeEditorStore(state, clock: clock)
  }

  /// The note's history after `edits`, the last one open to extension.
  func history(_ edits: TextEdit...) -> EditHistory {
    EditHistory(undo: edits, lastEditIsOpen: true)
  }

  // MARK: - Inserting

  @Test func textInsertedGoesInAtTheCursorInsideMultiByteText() async {
    let store = makeStore(.editing(Self.mixed, cursor: 7))
    await store.send(.view(.textInserted("X"))) {
      $0.note.body = "héllo X日本 🎉"
      $0.cursor = 8
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
      $0.history = history(TextEdit(offset: 7, inserted: "X", cursorBefore: 7, kind: .typing))
    }
    await store.send(.view(.textInserted("ü🎉"))) {
      $0.note.body = "héllo Xü🎉日本 🎉"
      $0.cursor = 14
      $0.history = history(
        TextEdit(offset: 7, inserted: "X", cursorBefore: 7, kind: .typing),
        TextEdit(offset: 8, inserted: "ü🎉", cursorBefore: 8))
    }
    await expectFlush(store)
    #expect(store.state.editing.note.body == "héllo Xü🎉日本 🎉")
  }

  @Test func aPasteIsOneActionWithItsLineEndingsNormalized() async {
    let store = makeStore(.editing("", cursor: 0))
    await store.send(.view(.textInserted("line one\r\nline two\rthree"))) {
      $0.note.body = "line one\nline two\nthree"
      $0.cursor = 23
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
      $0.history = history(
        TextEdit(offset: 0, inserted: "line one\nline two\nthree", cursorBefore: 0))
    }
    await store.send(.view(.textInserted("")))
    await expectFlush(store)
  }

  @Test func newlineSplitsTheLineAtTheCursor() async {
    let store = makeStore(.editing("日本", cursor: 3))
    await store.send(.view(.newlineTapped)) {
      $0.note.body = "日\n本"
      $0.cursor = 4
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
      $0.history = history(TextEdit(offset: 3, inserted: "\n", cursorBefore: 3, kind: .typing))
    }
    await expectFlush(store)
  }

  // MARK: - Deleting

  @Test func backspaceRemovesTheWholeCharacterBeforeTheCursor() async {
    let store = makeStore(.editing(Self.mixed, cursor: 18))
    await store.send(.view(.backspaceTapped)) {
      $0.note.body = "héllo 日本 "
      $0.cursor = 14
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
      $0.history = history(
        TextEdit(offset: 14, removed: "🎉", cursorBefore: 18, kind: .backspace))
    }
    await store.send(.view(.cursorMoved(.left))) { $0.cursor = 13 }
    await store.send(.view(.backspaceTapped)) {
      $0.note.body = "héllo 日 "
      $0.cursor = 10
      $0.history = history(
        TextEdit(offset: 14, removed: "🎉", cursorBefore: 18, kind: .backspace),
        TextEdit(offset: 10, removed: "本", cursorBefore: 13, kind: .backspace))
    }
    await expectFlush(store)
  }

  @Test func backspaceAtTheStartDoesNothing() async {
    let store = makeStore(.editing(Self.mixed, cursor: 0))
    await store.send(.view(.backspaceTapped))
    await store.finish()
  }

  @Test func deleteRemovesTheWholeCharacterAfterTheCursor() async {
    let store = makeStore(.editing(Self.mixed, cursor: 1))
    await store.send(.view(.deleteTapped)) {
      $0.note.body = "hllo 日本 🎉"
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
      $0.history = history(TextEdit(offset: 1, removed: "é", cursorBefore: 1, kind: .delete))
    }
    await store.send(.view(.cursorMoved(.lineEnd))) { $0.cursor = 16 }
    await store.send(.view(.cursorMoved(.left))) { $0.cursor = 12 }
    await store.send(.view(.deleteTapped)) {
      $0.note.body = "hllo 日本 "
      $0.history = history(
        TextEdit(offset: 1, removed: "é", cursorBefore: 1, kind: .delete),
        TextEdit(offset: 12, removed: "🎉", cursorBefore: 12, kind: .delete))
    }
    await store.send(.view(.deleteTapped))
    await expectFlush(store)
  }

  @Test func combiningMarksAndFlagsAreDeletedAsOneCharacter() async {
    // "e" + U+0301 is one character of 3 bytes; a flag is two scalars, 8 bytes.
    let store = makeStore(.editing("e\u{301}🇯🇵", cursor: 11))
    await store.send(.view(.backspaceTapped)) {
      $0.note.body = "e\u{301}"
      $0.cursor = 3
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
      $0.history = history(
        TextEdit(offset: 3, removed: "🇯🇵", cursorBefore: 11, kind: .backspace))
    }
    await store.send(.view(.backspaceTapped)) {
      $0.note.body = ""
      $0.cursor = 0
      // Backspaces one after the other are one edit for undo.
      $0.history = history(
        TextEdit(offset: 0, removed: "e\u{301}🇯🇵", cursorBefore: 11, kind: .backspace))
    }
    await expectFlush(store)
  }

  // MARK: - Moving the cursor

  @Test func leftAndRightStepOverWholeCharacters() async {
    let store = makeStore(.editing(Self.mixed, cursor: 18))
    for offset in [14, 13, 10, 7, 6, 5, 4, 3, 1, 0] {
      await store.send(.view(.cursorMoved(.left))) { $0.cursor = offset }
    }
    await store.send(.view(.cursorMoved(.left)))
    for offset in [1, 3, 4, 5, 6, 7, 10, 13, 14, 18] {
      await store.send(.view(.cursorMoved(.right))) { $0.cursor = offset }
    }
    await store.send(.view(.cursorMoved(.right)))
    await store.finish()
  }

  @Test func homeAndEndGoToTheEndsOfTheCurrentLine() async {
    // "ab\n" is 3 bytes, "日本 🎉" is 11.
    let store = makeStore(.editing("ab\n日本 🎉\nz", cursor: 6))
    await store.send(.view(.cursorMoved(.lineEnd))) { $0.cursor = 14 }
    await store.send(.view(.cursorMoved(.lineEnd)))
    await store.send(.view(.cursorMoved(.lineStart))) { $0.cursor = 3 }
    await store.send(.view(.cursorMoved(.lineStart)))
    await store.send(.view(.cursorMoved(.left))) { $0.cursor = 2 }
    await store.send(.view(.cursorMoved(.lineStart))) { $0.cursor = 0 }
    await store.finish()
  }

  /// Up and Down through rows `width` columns wide.
  func rows(_ count: Int, width: Int = 80) -> NoteEditorAction {
    .view(.cursorMovedByRows(count, width: width))
  }

  @Test func upAndDownKeepTheColumnAndClampToShorterLines() async {
    // Lines "abc", "de", "fghij" start at offsets 0, 4 and 7; the body ends at 12.
    let store = makeStore(.editing("abc\nde\nfghij", cursor: 5))
    await store.send(rows(-1)) {
      $0.cursor = 1
      $0.goalColumn = 1
    }
    await store.send(rows(1)) { $0.cursor = 5 }
    await store.send(rows(1)) { $0.cursor = 8 }
    await store.send(.view(.cursorMoved(.lineEnd))) {
      $0.cursor = 12
      $0.goalColumn = nil
    }
    await store.send(rows(-1)) {
      $0.cursor = 6
      $0.goalColumn = 5
    }
    // The goal column outlives the short line: back on a long one, the cursor is at 5 again.
    await store.send(rows(1)) { $0.cursor = 12 }
    await store.send(.view(.cursorMoved(.lineStart))) {
      $0.cursor = 7
      $0.goalColumn = nil
    }
    await store.send(rows(-2)) {
      $0.cursor = 0
      $0.goalColumn = 0
    }
    await store.send(rows(-1))
    await store.send(rows(1)) { $0.cursor = 4 }
    await store.send(rows(1)) { $0.cursor = 7 }
    // Down on the last row stays put, as Up on the first does: nano's keys.
    await store.send(rows(1))
    await store.finish()
  }

  @Test func upAndDownMoveByDisplayColumnsOnWideText() async {
    // "日本語" is 9 bytes and 6 columns; the second line "ab" starts at 10.
    let store = makeStore(.editing("日本語\nab", cursor: 12))
    // Column 2 is the start of "本".
    await store.send(rows(-1)) {
      $0.cursor = 3
      $0.goalColumn = 2
    }
    await store.send(rows(1)) { $0.cursor = 12 }
    await store.send(.view(.cursorMoved(.left))) {
      $0.cursor = 11
      $0.goalColumn = nil
    }
    // Column 1 is inside "日": the cursor stops before it.
    await store.send(rows(-1)) {
      $0.cursor = 0
      $0.goalColumn = 1
    }
    await store.finish()
  }

  @Test func upAndDownMoveThroughWrappedRows() async {
    // At width 4: rows "abcd", "efgh", "ij".
    let store = makeStore(.editing("abcdefghij", cursor: 6))
    await store.send(rows(-1, width: 4)) {
      $0.cursor = 2
      $0.goalColumn = 2
    }
    await store.send(rows(2, width: 4)) { $0.cursor = 10 }
    await store.send(rows(-1, width: 4)) { $0.cursor = 6 }
    await store.finish()
  }

  @Test func wordMovesAndTheTextsEnds() async {
    let store = makeStore(.editing("one two, three\nfour", cursor: 0))
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 4 }
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 9 }
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 15 }
    await store.send(.view(.cursorMoved(.wordLeft))) { $0.cursor = 9 }
    await store.send(.view(.cursorMoved(.textEnd))) { $0.cursor = 19 }
    await store.send(.view(.cursorMoved(.textStart))) { $0.cursor = 0 }
    await store.finish()
  }

  @Test func wordDeletesRemoveToTheWordStartAsOneEdit() async {
    let store = makeStore(.editing("one two, three", cursor: 8))
    await store.send(.view(.deleteWordBackwardTapped)) {
      $0.note.body = "one  three"
      $0.cursor = 4
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
      $0.history = history(TextEdit(offset: 4, removed: "two,", cursorBefore: 8))
    }
    await store.send(.view(.deleteWordForwardTapped)) {
      $0.note.body = "one three"
      $0.history = history(
        TextEdit(offset: 4, removed: "two,", cursorBefore: 8),
        TextEdit(offset: 4, removed: " ", cursorBefore: 4))
    }
    await expectFlush(store)
  }

  /// nano's word deletes stay on their line: the word before or after, up to the line's start
  /// or end; at the start or end, the line break alone.
  @Test func wordDeletesStayOnTheirLine() async {
    let store = makeStore(.editing("one three\nfour five", cursor: 4))
    store.exhaustivity = .off
    await store.send(.view(.deleteWordForwardTapped))
    #expect(store.state.note.body == "one \nfour five")
    await store.send(.view(.deleteWordForwardTapped))
    #expect(store.state.note.body == "one four five")
    await store.send(.view(.cursorMoved(.lineStart)))
    await store.send(.view(.textInserted("x\n")))
    #expect(store.state.note.body == "x\none four five")
    #expect(store.state.cursor == 2)
    await store.send(.view(.deleteWordBackwardTapped))
    #expect(store.state.note.body == "xone four five")
    await store.send(.view(.deleteWordBackwardTapped))
    #expect(store.state.note.body == "one four five")
    await store.skipInFlightEffects()
  }

  @Test func cursorMovesAreNotEdits() async {
    let store = makeStore(.editing(Self.mixed, cursor: 0))
    let task = await store.send(.view(.cursorMoved(.right))) { $0.cursor = 1 }
    #expect(task.isEmpty)
    #expect(!store.state.hasUnreportedEdits)
    // Closed, it hands the note back unedited.
    await store.send(.internal(.flush))
    await store.receive(.delegate(.closed(store.state.editing, edited: false)))
    await store.finish()
  }
}

/// How the editor hands the note to the list that presents it: when typing pauses (or has gone
/// on for five delays), on a save, and when it closes; and what a host's inputs change.
@MainActor
@Suite struct NoteEditorReducerHandingOverTests {
  let clock = TestClock()

  func makeStore(_ state: NoteEditorState) -> TestStore<NoteEditorState, NoteEditorAction> {
    makeEditorStore(state, clock: clock)
  }

  /// "a" typed `count` times from the start of an empty note: one edit for undo.
  func typed(_ count: Int) -> EditHistory {
    EditHistory(
      undo: [
        TextEdit(
          offset: 0, inserted: String(repeating: "a", count: count), cursorBefore: 0,
          kind: .typing)
      ], lastEditIsOpen: true)
  }

  @Test func steadyTypingIsHandedOverFiveDelaysAfterTheFirstKey() async {
    let store = makeStore(.editing("", cursor: 0))
    await store.send(.view(.textInserted("a"))) {
      $0.note.body = "a"
      $0.cursor = 1
      $0.history = typed(1)
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    // A key every half delay: typing never pauses for a whole one.
    for step in 1...10 {
      await clock.advance(by: autosaveDelay / 2)
      if step == 10 {
        // Five delays after the first key, the note is handed over all the same.
        await store.receive(.internal(.reportTimerFired)) {
          $0.reportArmed = false
          $0.unreported = nil
        }
        await store.receive(.delegate(.changed(store.state.editing)))
      } else {
        // The timer wakes once a delay has passed, and goes back to sleep for the time left.
        if step >= 2 { await store.receive(.internal(.reportTimerFired)) }
        await store.send(.view(.textInserted("a"))) {
          $0.note.body += "a"
          $0.cursor += 1
          $0.history = typed(step + 1)
          $0.unreported?.last = ClockMoment(clock.now)
        }
      }
    }
    #expect(clock.now == TestClock.Instant(offset: autosaveDelay * 5))
    #expect(store.state.note.body == String(repeating: "a", count: 10))
    await store.finish()
  }

  @Test func aSaveHandsTheNoteOverNowAndSaysWhetherItChanged() async {
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
    await store.send(.view(.saveTapped)) {
      $0.reportArmed = false
      $0.unreported = nil
      // Saved as nano saves: Ctrl-X has nothing to ask, and the next edit is one of its own.
      $0.savedUndoDepth = 1
      $0.savedLastEdit = TextEdit(offset: 4, inserted: "!", cursorBefore: 4, kind: .typing)
      $0.history.lastEditIsOpen = false
    }
    await store.receive(.delegate(.saveRequested(store.state.editing, edited: true)))
    // Nothing changed since: the next save says so, even from the find field.
    await store.send(.view(.findTapped)) { $0.mode = .finding(draft: "") }
    await store.send(.view(.saveTapped))
    await store.receive(.delegate(.saveRequested(store.state.editing, edited: false)))
    // The save took the timer down: nothing is handed over a delay later.
    await clock.advance(by: autosaveDelay)
    await store.finish()
  }

  @Test func escapeClosesTheEditorWithTheNote() async {
    let store = makeStore(.editing("text", cursor: 0))
    await store.send(.view(.escapeTapped))
    await store.receive(.delegate(.closed(store.state.editing, edited: false)))

    let edited = makeStore(.editing("text", cursor: 0))
    await edited.send(.view(.deleteTapped)) {
      $0.note.body = "ext"
      $0.history = EditHistory(
        undo: [TextEdit(offset: 0, removed: "t", cursorBefore: 0, kind: .delete)],
        lastEditIsOpen: true)
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    await edited.send(.view(.escapeTapped)) {
      $0.reportArmed = false
      $0.unreported = nil
    }
    await edited.receive(.delegate(.closed(edited.state.editing, edited: true)))
    await clock.advance(by: autosaveDelay)
    await store.finish()
    await edited.finish()
  }

  @Test func aHostsInputsChangeTheOpenNote() async {
    let old = TextEdit(offset: 0, removed: "old", cursorBefore: 3)
    let note = Note(id: 1, title: "Untitled 1", revision: 1, titleFollowsFirstLine: true)
    let store = makeStore(
      NoteEditorState(NoteEditing(note: note, cursor: 0, history: EditHistory(undo: [old]))))
    // The title follows the first line.
    await store.send(.view(.textInserted("Shopping list\nmilk"))) {
      $0.note.body = "Shopping list\nmilk"
      $0.note.title = "Shopping list"
      $0.cursor = 18
      $0.history = EditHistory(
        undo: [old, TextEdit(offset: 0, inserted: "Shopping list\nmilk", cursorBefore: 0)],
        lastEditIsOpen: true)
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    // Replaced, the text loses its undo; the cursor stays, moved on out of "本" (17..<20).
    await store.send(.input(.replaceText("Errands today\r\n日本"))) {
      $0.note.body = "Errands today\n日本"
      $0.note.title = "Errands today"
      $0.cursor = 20
      $0.history = EditHistory()
    }
    await store.send(.input(.appendText("\r\neggs"))) {
      $0.note.body = "Errands today\n日本\neggs"
    }
    // Renamed, the title no longer follows the first line.
    await store.send(.input(.rename("Weekend"))) {
      $0.note.title = "Weekend"
      $0.note.titleFollowsFirstLine = false
    }
    await store.send(.view(.cursorMoved(.textStart))) { $0.cursor = 0 }
    await store.send(.view(.textInserted("Sat: "))) {
      $0.note.body = "Sat: Errands today\n日本\neggs"
      $0.cursor = 5
      $0.history = EditHistory(
        undo: [TextEdit(offset: 0, inserted: "Sat: ", cursorBefore: 0)], lastEditIsOpen: true)
    }
    await store.send(.input(.renumbered(7))) { $0.note.id = 7 }
    await store.send(.input(.save)) {
      $0.reportArmed = false
      $0.unreported = nil
      $0.savedUndoDepth = 1
      $0.savedLastEdit = TextEdit(offset: 0, inserted: "Sat: ", cursorBefore: 0)
      $0.history.lastEditIsOpen = false
    }
    await store.receive(.delegate(.saveRequested(store.state.editing, edited: true)))
    #expect(store.state.editing.note.id == 7)
    await store.finish()
  }
}
