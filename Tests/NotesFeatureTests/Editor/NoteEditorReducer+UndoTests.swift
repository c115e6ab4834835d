import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// Undo and redo of the body's edits, through the editor's reducer.
@MainActor
@Suite struct NoteEditorReducerUndoTests {
  let clock = TestClock()

  func makeStore(_ state: NoteEditorState) -> TestStore<NoteEditorState, NoteEditorAction> {
    makeEditorStore(state, clock: clock)
  }

  /// Types `text` a character at a time at the cursor, asserting each key's change.
  func type(_ text: String, into store: TestStore<NoteEditorState, NoteEditorAction>) async {
    for character in text {
      let typed = String(character)
      await store.send(.view(.textInserted(typed))) {
        let cursor = $0.cursor
        $0.note.text.insert(typed, at: cursor)
        $0.cursor += typed.utf8.count
        $0.history.record(
          TextEdit(offset: cursor, inserted: typed, cursorBefore: cursor, kind: .typing))
        $0.reportArmed = true
        if $0.unreported == nil { $0.unreported = editsNow(clock) }
      }
    }
  }

  @Test func undoTakesBackAWordAtATimeAndRedoPutsItBack() async {
    let store = makeStore(.editing("", cursor: 0))
    await type("one two", into: store)
    #expect(store.state.note.body == "one two")
    let one = TextEdit(offset: 0, inserted: "one ", cursorBefore: 0, kind: .typing)
    let two = TextEdit(offset: 4, inserted: "two", cursorBefore: 4, kind: .typing)
    #expect(store.state.history == EditHistory(undo: [one, two], lastEditIsOpen: true))

    await store.send(.view(.undoTapped)) {
      $0.note.body = "one "
      $0.cursor = 4
      $0.history = EditHistory(undo: [one], redo: [two])
    }
    await store.send(.view(.undoTapped)) {
      $0.note.body = ""
      $0.cursor = 0
      $0.history = EditHistory(redo: [two, one])
    }
    // Nothing more to undo: nothing changes, not even when the last edit was made.
    await clock.advance(by: autosaveDelay / 2)
    let nothing = await store.send(.view(.undoTapped))
    #expect(nothing.isEmpty)

    await store.send(.view(.redoTapped)) {
      $0.note.body = "one "
      $0.cursor = 4
      $0.history = EditHistory(undo: [one], redo: [two])
      $0.unreported?.last = ClockMoment(clock.now)
    }
    await store.send(.view(.redoTapped)) {
      $0.note.body = "one two"
      $0.cursor = 7
      $0.history = EditHistory(undo: [one, two])
    }
    await store.send(.view(.redoTapped))
    #expect(store.state.history.undo.count == 2)
    #expect(store.state.history.redo.isEmpty)

    // The timer armed by the first key fires a delay after it, when the redo is half a delay
    // old: it waits for the other half, then hands the note over.
    await clock.advance(by: autosaveDelay / 2)
    await store.receive(.internal(.reportTimerFired))
    await clock.advance(by: autosaveDelay / 2)
    await store.receive(.internal(.reportTimerFired)) {
      $0.reportArmed = false
      $0.unreported = nil
    }
    await store.receive(.delegate(.changed(store.state.editing)))
    await store.finish()
  }

  @Test func undoOfDeletesPutsTheTextBackWithTheCursorWhereItWas() async {
    let store = makeStore(.editing("keep 日本 this", cursor: 12))
    let spaceAndWord = TextEdit(offset: 8, removed: "本 ", cursorBefore: 12, kind: .backspace)
    let word = TextEdit(offset: 5, removed: "日", cursorBefore: 8)
    await store.send(.view(.backspaceTapped)) {
      $0.note.body = "keep 日本this"
      $0.cursor = 11
      $0.history = EditHistory(
        undo: [TextEdit(offset: 11, removed: " ", cursorBefore: 12, kind: .backspace)],
        lastEditIsOpen: true)
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    await store.send(.view(.backspaceTapped)) {
      $0.note.body = "keep 日this"
      $0.cursor = 8
      $0.history = EditHistory(undo: [spaceAndWord], lastEditIsOpen: true)
    }
    await store.send(.view(.deleteWordBackwardTapped)) {
      $0.note.body = "keep this"
      $0.cursor = 5
      $0.history = EditHistory(undo: [spaceAndWord, word], lastEditIsOpen: true)
    }
    await expectReport(store, clock: clock)

    // The word delete, then both Backspaces at once.
    await store.send(.view(.undoTapped)) {
      $0.note.body = "keep 日this"
      $0.cursor = 8
      $0.history = EditHistory(undo: [spaceAndWord], redo: [word])
      // Every undo is an edit: the list is handed it like one.
      $0.reportArmed = true
      $0.unreported = editsNow(clock)
    }
    await store.send(.view(.undoTapped)) {
      $0.note.body = "keep 日本 this"
      $0.cursor = 12
      $0.history = EditHistory(redo: [word, spaceAndWord])
    }
    // A new edit after an undo forgets what could have been redone.
    await store.send(.view(.textInserted("!"))) {
      $0.note.body = "keep 日本 !this"
      $0.cursor = 13
      $0.history = EditHistory(
        undo: [TextEdit(offset: 12, inserted: "!", cursorBefore: 12, kind: .typing)],
        lastEditIsOpen: true)
    }
    #expect(store.state.history.redo.isEmpty)
    await expectFlush(store)
  }

  @Test func undoInALargeNoteKeepsOnlyTheEdits() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "NoteEditorReducerUndoTests", test: "undoInALargeNoteKeepsOnlyTheEdits")
    {
      return
    }
    let large = String(repeating: "a line of text in a large note\n", count: 40_000)
    let store = makeStore(.editing(large, cursor: 600_000))
    // What the keys change is checked above, on small notes; here, only what undo keeps.
    store.exhaustivity = .off
    for character in "typed words here" {
      await store.send(.view(.textInserted(String(character))))
    }
    await store.send(.view(.backspaceTapped))
    let history = store.state.history
    let stored = history.undo.reduce(0) { $0 + $1.inserted.utf8.count + $1.removed.utf8.count }
    #expect(stored == "typed words here".utf8.count + 1)
    for _ in history.undo { await store.send(.view(.undoTapped)) }
    #expect(store.state.note.text == TextBuffer(large))
    #expect(store.state.cursor == 600_000)
    await store.skipInFlightEffects()
  }

  @Test func undoAndRedoWithNothingToTakeBackDoNothing() async {
    let store = makeStore(.editing("text", cursor: 4))
    let undo = await store.send(.view(.undoTapped))
    let redo = await store.send(.view(.redoTapped))
    #expect(undo.isEmpty)
    #expect(redo.isEmpty)
    await store.finish()
  }
}
