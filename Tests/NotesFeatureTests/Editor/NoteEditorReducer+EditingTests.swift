import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// Editing the selected note's body: insertion, deletion and cursor moves, on multi-byte text.
@MainActor
@Suite struct NotesReducerEditingTests {
  let clock = TestClock()
  let recording = RecordingStorage()

  /// 18 UTF-8 bytes: h(1) é(2) l l o ␠ 日(3) 本(3) ␠ 🎉(4).
  static let mixed = "héllo 日本 🎉"

  /// A state editing one note with `body`, the cursor at UTF-8 offset `cursor`.
  func editing(_ body: String, cursor: Int) -> NotesState {
    var state = NotesState.loaded([Note(id: 1, title: "Note", body: body, revision: 1)])
    state.mode = .editing
    state.cursor = cursor
    return state
  }

  func makeStore(_ state: NotesState) -> TestStore<NotesState, NotesAction> {
    makeNotesStore(state, storage: recording.storage, clock: clock)
  }

  /// Note 1's history after `edits`, the last one open to extension.
  func history(_ edits: TextEdit...) -> [Int: EditHistory] {
    [1: EditHistory(undo: edits, lastEditIsOpen: true)]
  }

  /// Saves through the stop action, which also cancels the armed autosave timer.
  func expectFlush(
    _ store: TestStore<NotesState, NotesAction>, editCount: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await store.send(
      .internal(.flush),
      assert: {
        $0.autosaveArmed = false
        $0.unsavedEdits = nil
        $0.savesInFlight = 1
      }, sourceLocation: sourceLocation)
    await store.receive(
      .internal(.saveFinished(editCount: editCount)),
      assert: {
        $0.savesInFlight = 0
        $0.savedEditCount = editCount
        $0.status = "Saved"
      }, sourceLocation: sourceLocation)
    await store.receive(
      .delegate(.saved(noteCount: store.state.notes.count)), sourceLocation: sourceLocation)
    await store.finish(sourceLocation: sourceLocation)
  }

  // MARK: - Inserting

  @Test func textInsertedGoesInAtTheCursorInsideMultiByteText() async {
    let store = makeStore(editing(Self.mixed, cursor: 7))
    await store.send(.view(.textInserted("X"))) {
      $0.notes[0].body = "héllo X日本 🎉"
      $0.notes[0].revision = 2
      $0.cursor = 8
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(TextEdit(offset: 7, inserted: "X", cursorBefore: 7, kind: .typing))
    }
    await store.send(.view(.textInserted("ü🎉"))) {
      $0.notes[0].body = "héllo Xü🎉日本 🎉"
      $0.notes[0].revision = 3
      $0.cursor = 14
      $0.nextRevision = 4
      $0.editCount = 2
      $0.history = history(
        TextEdit(offset: 7, inserted: "X", cursorBefore: 7, kind: .typing),
        TextEdit(offset: 8, inserted: "ü🎉", cursorBefore: 8))
    }
    await expectFlush(store, editCount: 2)
    #expect(recording.saved.map { $0.notes[0].body } == ["héllo Xü🎉日本 🎉"])
  }

  @Test func aPasteIsOneActionWithItsLineEndingsNormalized() async {
    let store = makeStore(editing("", cursor: 0))
    await store.send(.view(.textInserted("line one\r\nline two\rthree"))) {
      $0.notes[0].body = "line one\nline two\nthree"
      $0.notes[0].revision = 2
      $0.cursor = 23
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(
        TextEdit(offset: 0, inserted: "line one\nline two\nthree", cursorBefore: 0))
    }
    await store.send(.view(.textInserted("")))
    await expectFlush(store, editCount: 1)
  }

  @Test func newlineSplitsTheLineAtTheCursor() async {
    let store = makeStore(editing("日本", cursor: 3))
    await store.send(.view(.newlineTapped)) {
      $0.notes[0].body = "日\n本"
      $0.notes[0].revision = 2
      $0.cursor = 4
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(TextEdit(offset: 3, inserted: "\n", cursorBefore: 3, kind: .typing))
    }
    await expectFlush(store, editCount: 1)
  }

  // MARK: - Deleting

  @Test func backspaceRemovesTheWholeCharacterBeforeTheCursor() async {
    let store = makeStore(editing(Self.mixed, cursor: 18))
    await store.send(.view(.backspaceTapped)) {
      $0.notes[0].body = "héllo 日本 "
      $0.notes[0].revision = 2
      $0.cursor = 14
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(
        TextEdit(offset: 14, removed: "🎉", cursorBefore: 18, kind: .backspace))
    }
    await store.send(.view(.cursorMoved(.left))) { $0.cursor = 13 }
    await store.send(.view(.backspaceTapped)) {
      $0.notes[0].body = "héllo 日 "
      $0.notes[0].revision = 3
      $0.cursor = 10
      $0.nextRevision = 4
      $0.editCount = 2
      $0.history = history(
        TextEdit(offset: 14, removed: "🎉", cursorBefore: 18, kind: .backspace),
        TextEdit(offset: 10, removed: "本", cursorBefore: 13, kind: .backspace))
    }
    await expectFlush(store, editCount: 2)
  }

  @Test func backspaceAtTheStartDoesNothing() async {
    let store = makeStore(editing(Self.mixed, cursor: 0))
    await store.send(.view(.backspaceTapped))
    await store.finish()
  }

  @Test func deleteRemovesTheWholeCharacterAfterTheCursor() async {
    let store = makeStore(editing(Self.mixed, cursor: 1))
    await store.send(.view(.deleteTapped)) {
      $0.notes[0].body = "hllo 日本 🎉"
      $0.notes[0].revision = 2
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(TextEdit(offset: 1, removed: "é", cursorBefore: 1, kind: .delete))
    }
    await store.send(.view(.cursorMoved(.lineEnd))) { $0.cursor = 16 }
    await store.send(.view(.cursorMoved(.left))) { $0.cursor = 12 }
    await store.send(.view(.deleteTapped)) {
      $0.notes[0].body = "hllo 日本 "
      $0.notes[0].revision = 3
      $0.nextRevision = 4
      $0.editCount = 2
      $0.history = history(
        TextEdit(offset: 1, removed: "é", cursorBefore: 1, kind: .delete),
        TextEdit(offset: 12, removed: "🎉", cursorBefore: 12, kind: .delete))
    }
    await store.send(.view(.deleteTapped))
    await expectFlush(store, editCount: 2)
  }

  @Test func combiningMarksAndFlagsAreDeletedAsOneCharacter() async {
    // "e" + U+0301 is one character of 3 bytes; a flag is two scalars, 8 bytes.
    let store = makeStore(editing("e\u{301}🇯🇵", cursor: 11))
    await store.send(.view(.backspaceTapped)) {
      $0.notes[0].body = "e\u{301}"
      $0.notes[0].revision = 2
      $0.cursor = 3
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(
        TextEdit(offset: 3, removed: "🇯🇵", cursorBefore: 11, kind: .backspace))
    }
    await store.send(.view(.backspaceTapped)) {
      $0.notes[0].body = ""
      $0.notes[0].revision = 3
      $0.cursor = 0
      $0.nextRevision = 4
      $0.editCount = 2
      // Backspaces one after the other are one edit for undo.
      $0.history = history(
        TextEdit(offset: 0, removed: "e\u{301}🇯🇵", cursorBefore: 11, kind: .backspace))
    }
    await expectFlush(store, editCount: 2)
  }

  // MARK: - Moving the cursor

  @Test func leftAndRightStepOverWholeCharacters() async {
    let store = makeStore(editing(Self.mixed, cursor: 18))
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
    let store = makeStore(editing("ab\n日本 🎉\nz", cursor: 6))
    await store.send(.view(.cursorMoved(.lineEnd))) { $0.cursor = 14 }
    await store.send(.view(.cursorMoved(.lineEnd)))
    await store.send(.view(.cursorMoved(.lineStart))) { $0.cursor = 3 }
    await store.send(.view(.cursorMoved(.lineStart)))
    await store.send(.view(.cursorMoved(.left))) { $0.cursor = 2 }
    await store.send(.view(.cursorMoved(.lineStart))) { $0.cursor = 0 }
    await store.finish()
  }

  /// Up and Down through rows `width` columns wide.
  func rows(_ count: Int, width: Int = 80) -> NotesAction {
    .view(.cursorMovedByRows(count, width: width))
  }

  @Test func upAndDownKeepTheColumnAndClampToShorterLines() async {
    // Lines "abc", "de", "fghij" start at offsets 0, 4 and 7; the body ends at 12.
    let store = makeStore(editing("abc\nde\nfghij", cursor: 5))
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
    // Down on the last row goes to the end.
    await store.send(rows(1)) { $0.cursor = 12 }
    await store.send(rows(1))
    await store.finish()
  }

  @Test func upAndDownMoveByDisplayColumnsOnWideText() async {
    // "日本語" is 9 bytes and 6 columns; the second line "ab" starts at 10.
    let store = makeStore(editing("日本語\nab", cursor: 12))
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
    let store = makeStore(editing("abcdefghij", cursor: 6))
    await store.send(rows(-1, width: 4)) {
      $0.cursor = 2
      $0.goalColumn = 2
    }
    await store.send(rows(2, width: 4)) { $0.cursor = 10 }
    await store.send(rows(-1, width: 4)) { $0.cursor = 6 }
    await store.finish()
  }

  @Test func wordMovesAndTheTextsEnds() async {
    let store = makeStore(editing("one two, three\nfour", cursor: 0))
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 4 }
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 9 }
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 15 }
    await store.send(.view(.cursorMoved(.wordLeft))) { $0.cursor = 9 }
    await store.send(.view(.cursorMoved(.textEnd))) { $0.cursor = 19 }
    await store.send(.view(.cursorMoved(.textStart))) { $0.cursor = 0 }
    await store.finish()
  }

  @Test func wordDeletesRemoveToTheWordStartAsOneEdit() async {
    let store = makeStore(editing("one two, three", cursor: 8))
    await store.send(.view(.deleteWordBackwardTapped)) {
      $0.notes[0].body = "one  three"
      $0.notes[0].revision = 2
      $0.cursor = 4
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(TextEdit(offset: 4, removed: "two,", cursorBefore: 8))
    }
    await store.send(.view(.deleteWordForwardTapped)) {
      $0.notes[0].body = "one three"
      $0.notes[0].revision = 3
      $0.nextRevision = 4
      $0.editCount = 2
      $0.history = history(
        TextEdit(offset: 4, removed: "two,", cursorBefore: 8),
        TextEdit(offset: 4, removed: " ", cursorBefore: 4))
    }
    await expectFlush(store, editCount: 2)
  }

  @Test func cursorMovesAreNotEdits() async {
    let store = makeStore(editing(Self.mixed, cursor: 0))
    let task = await store.send(.view(.cursorMoved(.right))) { $0.cursor = 1 }
    #expect(task.isEmpty)
    #expect(!store.state.hasUnsavedChanges)
    await store.finish()
  }

  @Test func typingWhileBrowsingChangesNothing() async {
    let store = makeStore(.loaded([Note(id: 1, title: "Note", body: "a", revision: 1)]))
    await store.send(.view(.textInserted("x")))
    await store.send(.view(.newlineTapped))
    await store.send(.view(.backspaceTapped))
    await store.send(.view(.cursorMoved(.left)))
    await store.finish()
  }

  // MARK: - Ordering

  @Test func editingAnOlderNoteMovesItToTheTop() async {
    let older = Note(id: 1, title: "Older", revision: 1)
    let newer = Note(id: 2, title: "Newer", body: "n", revision: 2)
    let store = makeStore(.loaded([newer, older]))
    await store.send(.view(.selectNext)) { $0.selectedID = 1 }
    await store.send(.view(.editTapped)) { $0.mode = .editing }
    await store.send(.view(.textInserted("x"))) {
      $0.notes = [Note(id: 1, title: "Older", body: "x", revision: 3), newer]
      $0.cursor = 1
      $0.nextRevision = 4
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = history(TextEdit(offset: 0, inserted: "x", cursorBefore: 0, kind: .typing))
    }
    #expect(store.state.selectedNote?.id == 1)
    await expectFlush(store, editCount: 1)
    #expect(recording.saved.last?.notes.map(\.id) == [1, 2])
  }

  @Test func editsInTheListsNewestNoteKeepTheOrder() async {
    let older = Note(id: 1, title: "Older", revision: 1)
    let newer = Note(id: 2, title: "Newer", revision: 2)
    var state = NotesState.loaded([newer, older])
    state.mode = .editing
    let store = makeStore(state)
    await store.send(.view(.textInserted("y"))) {
      $0.notes[0].body = "y"
      $0.notes[0].revision = 3
      $0.cursor = 1
      $0.nextRevision = 4
      $0.editCount = 1
      $0.autosaveArmed = true
      $0.unsavedEdits = editsNow(clock)
      $0.history = [
        2: EditHistory(
          undo: [.init(offset: 0, inserted: "y", cursorBefore: 0, kind: .typing)],
          lastEditIsOpen: true)
      ]
    }
    #expect(store.state.notes.map(\.id) == [2, 1])
    await expectFlush(store, editCount: 1)
  }
}
