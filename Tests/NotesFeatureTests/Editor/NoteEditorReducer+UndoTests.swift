import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// Undo and redo of the body's edits, through the reducer.
@MainActor
@Suite struct NotesReducerUndoTests {
  let clock = TestClock()
  let recording = RecordingStorage()

  func editing(_ body: String, cursor: Int) -> NotesState {
    var state = NotesState.loaded([Note(id: 1, title: "Note", body: body, revision: 1)])
    state.mode = .editing
    state.cursor = cursor
    return state
  }

  @Test func undoTakesBackAWordAtATimeAndRedoPutsItBack() async {
    let store = makeNotesStore(editing("", cursor: 0), storage: recording.storage, clock: clock)
    store.exhaustivity = .off
    for character in "one two" { await store.send(.view(.textInserted(String(character)))) }
    #expect(store.state.notes[0].body == "one two")

    await store.send(.view(.undoTapped)) {
      $0.notes[0].body = "one "
      $0.cursor = 4
    }
    await store.send(.view(.undoTapped)) {
      $0.notes[0].body = ""
      $0.cursor = 0
    }
    // Nothing more to undo: nothing changes, not even the edit count.
    let editCount = store.state.editCount
    await store.send(.view(.undoTapped))
    #expect(store.state.editCount == editCount)

    await store.send(.view(.redoTapped)) {
      $0.notes[0].body = "one "
      $0.cursor = 4
    }
    await store.send(.view(.redoTapped)) {
      $0.notes[0].body = "one two"
      $0.cursor = 7
    }
    await store.send(.view(.redoTapped))
    #expect(store.state.history[1]?.undo.count == 2)
    #expect(store.state.history[1]?.redo.isEmpty == true)
    await store.skipInFlightEffects()
  }

  @Test func undoOfDeletesPutsTheTextBackWithTheCursorWhereItWas() async {
    let store = makeNotesStore(
      editing("keep 日本 this", cursor: 12), storage: recording.storage, clock: clock)
    store.exhaustivity = .off
    await store.send(.view(.backspaceTapped))
    await store.send(.view(.backspaceTapped))
    await store.send(.view(.deleteWordBackwardTapped))
    #expect(store.state.notes[0].body == "keep this")
    // The word delete, then both Backspaces at once.
    await store.send(.view(.undoTapped)) {
      $0.notes[0].body = "keep 日this"
      $0.cursor = 8
    }
    await store.send(.view(.undoTapped)) {
      $0.notes[0].body = "keep 日本 this"
      $0.cursor = 12
    }
    // Every undo is an edit: it is saved like one.
    #expect(store.state.hasUnsavedChanges)
    // A new edit after an undo forgets what could have been redone.
    await store.send(.view(.textInserted("!"))) {
      $0.notes[0].body = "keep 日本 !this"
      $0.cursor = 13
    }
    #expect(store.state.history[1]?.redo.isEmpty == true)
    await store.skipInFlightEffects()
  }

  @Test func undoInALargeNoteKeepsOnlyTheEdits() async {
    let large = String(repeating: "a line of text in a large note\n", count: 40_000)
    let store = makeNotesStore(
      editing(large, cursor: 600_000), storage: recording.storage, clock: clock)
    store.exhaustivity = .off
    for character in "typed words here" {
      await store.send(.view(.textInserted(String(character))))
    }
    await store.send(.view(.backspaceTapped))
    let history = store.state.history[1]!
    let stored = history.undo.reduce(0) { $0 + $1.inserted.utf8.count + $1.removed.utf8.count }
    #expect(stored == "typed words here".utf8.count + 1)
    for _ in history.undo { await store.send(.view(.undoTapped)) }
    #expect(store.state.notes[0].text == TextBuffer(large))
    #expect(store.state.cursor == 600_000)
    await store.skipInFlightEffects()
  }

  @Test func undoAndRedoOfAnotherNoteDoNothingHere() async {
    var state = editing("text", cursor: 4)
    state.history[2] = EditHistory(undo: [TextEdit(offset: 0, inserted: "x", cursorBefore: 0)])
    let store = makeNotesStore(state, storage: recording.storage, clock: clock)
    await store.send(.view(.undoTapped))
    await store.send(.view(.redoTapped))
    await store.finish()
  }
}
