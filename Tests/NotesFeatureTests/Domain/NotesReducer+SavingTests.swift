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

  /// One empty note, the cursor at its start. Its text changes through a host's input
  /// (``type(_:)``): the note's keystrokes run in the editor's own store, which hands the note
  /// to the list when typing pauses (NotesPresentingTheEditorTests).
  var editingEmptyNote: NotesState {
    NotesState.loaded([Note(id: 1, title: "Note", revision: 1)])
  }

  /// A host adding `character` at the end of the note.
  func type(_ character: Character) -> NotesAction {
    .input(.appendText(NoteID(1), String(character)))
  }

  /// The change adding `character` at the end of the top note makes.
  func typed(_ character: Character) -> (inout NotesState) -> Void {
    { state in
      state.notes[0].body.append(character)
      state.notes[0].revision = state.nextRevision
      state.nextRevision += 1
      state.editCount += 1
      state.autosavePending = true
    }
  }

  // MARK: - Debounced autosave

  @Test func autosaveSavesOneDelayAfterTheLastKeyOnce() async {
    let store = makeStore(editingEmptyNote)
    let first = await store.send(type("a"), assert: typed("a"))
    #expect(!first.isEmpty)

    await clock.advance(by: autosaveDelay / 2)
    #expect(recording.saved.isEmpty)

    // Typing while the autosave waits starts no task: the debounce only moves its deadline.
    let second = await store.send(type("b"), assert: typed("b"))
    #expect(second.isEmpty)
    #expect(clock.sleeperCount == 1)

    // The timer wakes one delay after the first key; the last is only half a delay old, so it
    // sleeps for the other half, without a word to the reducer.
    await clock.advance(by: autosaveDelay / 2)
    #expect(recording.saved.isEmpty)
    #expect(clock.sleeperCount == 1)

    // Exactly one delay after the last key, one save holds everything typed.
    await clock.advance(by: autosaveDelay / 2)
    await store.receive(.internal(.autosaveDue)) {
      $0.autosavePending = false
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

  @Test func steadyTypingIsSavedAtTheLatestAfterTheMaximumWait() async {
    let store = makeStore(editingEmptyNote)
    // What is saved, and when, is the point here; the timer's wake-ups are not asserted.
    store.exhaustivity = .off
    // One key every half delay, 6.5 delays in all: never a quiet delay.
    let text = Array("steady typing!")
    for (index, character) in text.enumerated() {
      if index > 0 { await clock.advance(by: autosaveDelay / 2) }
      if index < 10 { #expect(recording.saved.isEmpty, "nothing saved before key \(index)") }
      await store.send(type(character))
    }
    // Five delays after the first key, the ten keys typed by then were saved, mid-typing.
    #expect(recording.saved.map { $0.notes[0].body } == ["steady typ"])

    // Once typing stops, the rest is saved one delay after the last key, and not before.
    await clock.advance(by: autosaveDelay - .milliseconds(1))
    #expect(recording.saved.count == 1)
    await clock.advance(by: .milliseconds(1))
    #expect(recording.saved.map { $0.notes[0].body } == ["steady typ", "steady typing!"])
    await store.finish()
  }

  @Test func anAutosaveDueWithNothingPendingDoesNothing() async {
    let store = makeStore(editingEmptyNote)
    let task = await store.send(.internal(.autosaveDue))
    #expect(task.isEmpty)
    await store.finish()
    #expect(recording.saved.isEmpty)
  }

  // MARK: - Saving on demand and on stop

  @Test func flushSavesUnsavedChangesAndCancelsTheTimer() async {
    let store = makeStore(editingEmptyNote)
    await store.send(type("z"), assert: typed("z"))
    #expect(clock.sleeperCount == 1)
    await store.send(.internal(.flush)) {
      $0.autosavePending = false
      $0.savesInFlight = 1
      $0.isStopping = true
    }
    await store.receive(.internal(.saveFinished(editCount: 1))) {
      $0.savesInFlight = 0
      $0.savedEditCount = 1
      $0.status = "Saved"
    }
    await store.receive(.delegate(.saved(noteCount: 1)))
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(recording.saved.map { $0.notes[0].body } == ["z"])
    // Closed after the last save, so the next start may take the directory at once.
    #expect(recording.closes == 1)
  }

  @Test func flushWithNothingUnsavedSavesNothingAndClosesTheStorage() async {
    let store = makeStore(.loaded([Note(id: 1, title: "Saved", revision: 1)]))
    await store.send(.internal(.flush)) { $0.isStopping = true }
    await store.finish()
    #expect(recording.saved.isEmpty)
    #expect(recording.closes == 1)
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
      $0.status = failure.summary
    }
    await store.receive(.delegate(.storageError(failure.description)))
    #expect(store.state.hasUnsavedChanges)
    #expect(failure.description.contains("/data/notes.json"))
    await store.finish()
  }
}
