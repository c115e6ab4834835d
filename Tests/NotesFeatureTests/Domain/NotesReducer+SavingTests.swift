import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// The debounced autosave, saving on demand and on stop, and failed saves.
@MainActor
@Suite struct NotesReducerSavingTests {
  let clock = TestClock()
  let recording = RecordingStorage()

  func makeStore(_ state: NotesState) -> TestStore<NotesState, NotesAction> {
    makeNotesStore(state, storage: recording.storage, clock: clock)
  }

  /// Editing one empty note, the cursor at its start.
  var editingEmptyNote: NotesState {
    var state = NotesState.loaded([Note(id: 1, title: "Note", revision: 1)])
    state.mode = .editing
    return state
  }

  /// The change typing `character` makes at the end of the top note, the one being edited
  /// (its history grouped as the history groups typing).
  func typed(_ character: Character) -> (inout NotesState) -> Void {
    { state in
      state.history[state.notes[0].id, default: EditHistory()].record(
        TextEdit(
          offset: state.cursor, inserted: String(character), cursorBefore: state.cursor,
          kind: .typing))
      state.notes[0].body.append(character)
      state.notes[0].revision = state.nextRevision
      state.nextRevision += 1
      state.cursor += character.utf8.count
      state.editCount += 1
      state.autosaveArmed = true
    }
  }

  // MARK: - Debounced autosave

  @Test func autosaveWaitsForTypingToPauseThenSavesOnce() async {
    let store = makeStore(editingEmptyNote)
    let first = await store.send(.view(.textInserted("a")), assert: typed("a"))
    #expect(!first.isEmpty)
    #expect(await clock.waitForSleepers(1))

    await clock.advance(by: .milliseconds(500))
    #expect(recording.saved.isEmpty)

    // Typing while the timer is armed starts no effect: the keystroke is one action, nothing more.
    let second = await store.send(.view(.textInserted("b")), assert: typed("b"))
    #expect(second.isEmpty)
    #expect(clock.sleeperCount == 1)

    // The timer fires a second after it was armed; it sees a newer edit and re-arms.
    await clock.advance(by: .milliseconds(500))
    await store.receive(.internal(.autosaveTimerFired(editCount: 1)))
    #expect(await clock.waitForSleepers(1))
    #expect(recording.saved.isEmpty)

    // A full quiet delay later, exactly one save happens, holding everything typed.
    await clock.advance(by: autosaveDelay)
    await store.receive(.internal(.autosaveTimerFired(editCount: 2))) {
      $0.autosaveArmed = false
      $0.savesInFlight = 1
    }
    await store.receive(.internal(.saveFinished(editCount: 2))) {
      $0.savesInFlight = 0
      $0.savedEditCount = 2
      $0.status = "Saved"
    }
    await store.receive(.delegate(.saved(noteCount: 1)))
    #expect(recording.saved.map { $0.notes[0].body } == ["ab"])

    await clock.advance(by: .seconds(10))
    #expect(clock.sleeperCount == 0)
    #expect(recording.saved.count == 1)
    await store.finish()
  }

  @Test func steadyTypingNeverSavesUntilItStops() async {
    let store = makeStore(editingEmptyNote)
    let text = Array("keep typing")
    var armedAt = 1
    await store.send(.view(.textInserted(String(text[0]))), assert: typed(text[0]))
    // One keystroke every half delay: each time the timer fires, a newer edit has come in.
    for (index, character) in text.enumerated().dropFirst() {
      #expect(await clock.waitForSleepers(1))
      await clock.advance(by: autosaveDelay / 2)
      if index.isMultiple(of: 2) {
        await store.receive(.internal(.autosaveTimerFired(editCount: armedAt)))
        armedAt = store.state.editCount
      }
      #expect(recording.saved.isEmpty)
      await store.send(.view(.textInserted(String(character))), assert: typed(character))
    }
    #expect(store.state.editCount == text.count)
    await expectAutosave(
      store, clock: clock, armedAt: armedAt, editCount: text.count, noteCount: 1)
    #expect(recording.saved.map { $0.notes[0].body } == ["keep typing"])
    await store.finish()
  }

  @Test func aTimerFiringWhenNothingIsArmedDoesNothing() async {
    let store = makeStore(editingEmptyNote)
    let task = await store.send(.internal(.autosaveTimerFired(editCount: 0)))
    #expect(task.isEmpty)
    await store.finish()
    #expect(recording.saved.isEmpty)
  }

  // MARK: - Saving on demand and on stop

  @Test func flushSavesUnsavedChangesAndCancelsTheTimer() async {
    let store = makeStore(editingEmptyNote)
    await store.send(.view(.textInserted("z")), assert: typed("z"))
    #expect(await clock.waitForSleepers(1))
    await store.send(.internal(.flush)) {
      $0.autosaveArmed = false
      $0.savesInFlight = 1
    }
    await store.receive(.internal(.saveFinished(editCount: 1))) {
      $0.savesInFlight = 0
      $0.savedEditCount = 1
      $0.status = "Saved"
    }
    await store.receive(.delegate(.saved(noteCount: 1)))
    #expect(await clock.waitForSleepers(0))
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(recording.saved.map { $0.notes[0].body } == ["z"])
  }

  @Test func flushWithNothingUnsavedDoesNothing() async {
    let store = makeStore(.loaded([Note(id: 1, title: "Saved", revision: 1)]))
    let task = await store.send(.internal(.flush))
    #expect(task.isEmpty)
    await store.finish()
    #expect(recording.saved.isEmpty)
  }

  @Test func saveInputAndSaveTappedSaveNow() async {
    var state = NotesState.loaded([Note(id: 1, title: "Note", revision: 1)])
    state.editCount = 1
    let store = makeStore(state)
    await store.send(.input(.save)) { $0.savesInFlight = 1 }
    await store.receive(.internal(.saveFinished(editCount: 1))) {
      $0.savesInFlight = 0
      $0.savedEditCount = 1
      $0.status = "Saved"
    }
    await store.receive(.delegate(.saved(noteCount: 1)))
    await store.send(.view(.saveTapped)) { $0.savesInFlight = 1 }
    await store.receive(.internal(.saveFinished(editCount: 1))) { $0.savesInFlight = 0 }
    await store.receive(.delegate(.saved(noteCount: 1)))
    await store.finish()
    // The second save carried no newer edit, so the storage skipped writing it again.
    #expect(recording.saved.count == 1)
  }

  @Test func aFailedSaveIsReportedAndTheChangesStayUnsaved() async {
    let failure = NotesStorageError.writeFailed(path: "/data/notes.json", reason: "disk full")
    recording.failSaves(with: failure)
    var state = NotesState.loaded([Note(id: 1, title: "Note", revision: 1)])
    state.editCount = 1
    let store = makeStore(state)
    await store.send(.input(.save)) { $0.savesInFlight = 1 }
    await store.receive(.internal(.saveFailed(failure))) {
      $0.savesInFlight = 0
      $0.status = failure.description
    }
    await store.receive(.delegate(.storageError(failure.description)))
    #expect(store.state.hasUnsavedChanges)
    #expect(failure.description.contains("/data/notes.json"))
    await store.finish()
  }
}
