import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// Nothing the user typed is lost: what cannot be saved when the feature stops is kept in a
/// recovery file, and the next load restores it.
@MainActor
@Suite struct NotesReducerRecoveryTests {
  let clock = TestClock()
  let recording = RecordingStorage()

  func makeStore(_ state: NotesState) -> TestStore<NotesState, NotesAction> {
    makeNotesStore(state, storage: recording.storage, clock: clock)
  }

  var unsaved: NotesState {
    var state = NotesState.loaded([Note(id: 1, title: "Draft", body: "typed", revision: 1)])
    state.editCount = 1
    return state
  }

  @Test func aFinalSaveThatFailsKeepsTheUnsavedNotesInARecoveryFile() async {
    let full = NotesStorageError.writeFailed(
      path: "/data/notes.json", reason: "writing: No space left on device")
    recording.failSaves(with: full)
    let store = makeStore(unsaved)
    await store.send(.internal(.flush)) {
      $0.savesInFlight = 1
      $0.isStopping = true
    }
    await store.receive(.internal(.saveFailed(full))) {
      $0.savesInFlight = 0
      $0.status = full.summary
    }
    await store.receive(.delegate(.storageError(full.description)))
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 1))) {
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 1
      $0.status = "Could not save; unsaved notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))
    await store.finish()
    #expect(recording.kept == [NotesDocument(notes: unsaved.notes)])
  }

  /// A save refused because another program changed the file keeps the notes at once; each
  /// later save keeps them anew in a new file and removes the one before; the stop has
  /// nothing more to keep.
  @Test func aRefusedSaveKeepsTheNotesAtOnceAndEachLaterSaveReplacesTheFile() async {
    let changed = NotesStorageError.changedOnDisk(path: "/data/notes.json")
    recording.failSaves(with: changed)
    let store = makeStore(unsaved)
    await store.send(.input(.save)) { $0.savesInFlight = 1 }
    await store.receive(.internal(.saveFailed(changed))) {
      $0.savesInFlight = 0
      $0.status = changed.summary
      $0.writeRefusal = changed
      $0.keepingUnsaved = true
    }
    await store.receive(.delegate(.storageError(changed.description)))
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 1))) {
      $0.keepingUnsaved = false
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 1
      $0.status = "\(changed.summary); notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))

    // Nothing new since: a save keeps nothing.
    await store.send(.input(.save))
    await store.receive(.delegate(.storageError(changed.description)))
    #expect(recording.kept.count == 1)

    await store.send(.input(.create(title: "More", body: "typed after"))) {
      $0.notes.insert(Note(id: 2, title: "More", body: "typed after", revision: 2), at: 0)
      $0.nextID = 3
      $0.nextRevision = 3
      $0.selectedID = 2
      $0.cursor = 11
      $0.editCount = 2
      $0.status = nil
      $0.autosavePending = true
    }
    await store.receive(.delegate(.created(NoteID(2), title: "More")))
    await store.receive(.delegate(.noteCountChanged(2)))
    await store.send(.input(.save)) {
      $0.status = changed.summary
      $0.autosavePending = false
      $0.keepingUnsaved = true
    }
    await store.receive(.delegate(.storageError(changed.description)))
    await store.receive(.internal(.unsavedKept(path: "recovery-2", editCount: 2))) {
      $0.keepingUnsaved = false
      $0.keptUnsavedAt = "recovery-2"
      $0.keptEditCount = 2
      $0.status = "\(changed.summary); notes kept in recovery-2"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-2")))
    #expect(recording.removedRecoveries == ["recovery-1"])
    #expect(recording.kept.last?.notes == store.state.notes)

    await store.send(.internal(.flush)) { $0.isStopping = true }
    await store.finish()
    #expect(recording.kept.count == 2)
    #expect(recording.closes == 1)
  }

  /// Edits made while a recovery file is written are kept once it is done.
  @Test func editsMadeWhileARecoveryFileIsWrittenAreKeptOnceItIsDone() async {
    let changed = NotesStorageError.changedOnDisk(path: "/data/notes.json")
    var state = unsaved
    state.writeRefusal = changed
    state.keepingUnsaved = true
    state.editCount = 2
    let store = makeStore(state)
    await store.send(.input(.save)) {
      $0.status = changed.summary
      $0.keepAgain = true
    }
    await store.receive(.delegate(.storageError(changed.description)))
    // The file being written held the first edit.
    await store.send(.internal(.unsavedKept(path: "recovery-0", editCount: 1))) {
      $0.keptUnsavedAt = "recovery-0"
      $0.keptEditCount = 1
      $0.status = "\(changed.summary); notes kept in recovery-0"
      $0.keepAgain = false
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-0")))
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 2))) {
      $0.keepingUnsaved = false
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 2
      $0.status = "\(changed.summary); notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))
    #expect(recording.removedRecoveries == ["recovery-0"])
    await store.finish()
  }

  /// Stopped while a recovery file is written: the stop keeps everything in a file of its own
  /// and removes the one before; the file that was being written, finishing later with fewer
  /// edits, is removed.
  @Test func aKeepThatFinishesAfterTheStopsKeepIsRemoved() async {
    let changed = NotesStorageError.changedOnDisk(path: "/data/notes.json")
    var state = unsaved
    state.writeRefusal = changed
    state.keptUnsavedAt = "recovery-0"
    state.keptEditCount = 1
    state.keepingUnsaved = true
    state.editCount = 3
    let store = makeStore(state)
    await store.send(.internal(.flush)) { $0.isStopping = true }
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 3))) {
      $0.keepingUnsaved = false
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 3
      $0.status = "Could not save; unsaved notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))
    // The keep under way when the stop began, with two of the three edits.
    await store.send(.internal(.unsavedKept(path: "recovery-late", editCount: 2)))
    await store.finish()
    #expect(recording.removedRecoveries.sorted() == ["recovery-0", "recovery-late"])
    #expect(store.state.keptUnsavedAt == "recovery-1")
  }

  /// A recovery file that cannot be written while the feature runs is a storage error: the
  /// notes are still there, and the next save tries again. Only the stop reports them lost.
  @Test func aKeepThatFailsWhileTheFeatureRunsIsNotALoss() async {
    let changed = NotesStorageError.changedOnDisk(path: "/data/notes.json")
    let nowhere = NotesStorageError.writeFailed(path: "/data", reason: "no recovery file")
    recording.failKeeping(with: nowhere)
    var state = unsaved
    state.writeRefusal = changed
    let store = makeStore(state)
    await store.send(.input(.save)) {
      $0.status = changed.summary
      $0.keepingUnsaved = true
    }
    await store.receive(.delegate(.storageError(changed.description)))
    await store.receive(.internal(.keepingUnsavedFailed(nowhere))) {
      $0.keepingUnsaved = false
      $0.status = nowhere.description
    }
    await store.receive(.delegate(.storageError(nowhere.description)))

    recording.failKeeping(with: nil)
    await store.send(.input(.save)) {
      $0.status = changed.summary
      $0.keepingUnsaved = true
    }
    await store.receive(.delegate(.storageError(changed.description)))
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 1))) {
      $0.keepingUnsaved = false
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 1
      $0.status = "\(changed.summary); notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))
    await store.finish()
  }

  /// Asked to save and to stop while the notes load, which then refuses writing: one recovery
  /// file, the stop's.
  @Test func aSaveAndAStopAskedForWhileLoadingKeepOneFile() async {
    var state = NotesState(notes: [Note(id: 1, title: "Early", body: "fast typist", revision: 1)])
    state.editCount = 1
    let store = makeStore(state)
    await store.send(.input(.save)) { $0.saveRequestedWhileLoading = true }
    await store.send(.internal(.flush)) { $0.flushRequestedWhileLoading = true }
    let unreadable = NotesStorageError.unreadable(path: "/data/notes.json", reason: "EACCES")
    await store.send(.internal(.loadFailed(unreadable))) {
      $0.loadStatus = .failed(unreadable.description)
      $0.writeRefusal = unreadable
      $0.status = unreadable.summary
      $0.saveRequestedWhileLoading = false
      $0.flushRequestedWhileLoading = false
      $0.isStopping = true
    }
    await store.receive(.delegate(.storageError(unreadable.description)))
    await store.receive(.delegate(.noteCountChanged(1)))
    await store.receive(.delegate(.storageError(unreadable.description)))
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 1))) {
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 1
      $0.status = "Could not save; unsaved notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))
    await store.finish()
    #expect(recording.kept.count == 1)
  }

  @Test func whenEvenTheRecoveryFileFailsTheHostIsToldTheChangesAreLost() async {
    let full = NotesStorageError.writeFailed(path: "/data/notes.json", reason: "full")
    let nowhere = NotesStorageError.writeFailed(path: "/data", reason: "no recovery file")
    recording.failSaves(with: full)
    recording.failKeeping(with: nowhere)
    let store = makeStore(unsaved)
    await store.send(.internal(.flush)) {
      $0.savesInFlight = 1
      $0.isStopping = true
    }
    await store.receive(.internal(.saveFailed(full))) {
      $0.savesInFlight = 0
      $0.status = full.summary
    }
    await store.receive(.delegate(.storageError(full.description)))
    await store.receive(.internal(.keepingUnsavedFailed(nowhere))) {
      $0.status = nowhere.description
    }
    await store.receive(.delegate(.unsavedChangesLost(reason: nowhere.description)))
    await store.finish()
  }

  @Test func stoppingBeforeTheNotesLoadedSavesEverythingOnceTheyHave() async {
    var state = NotesState(notes: [Note(id: 1, title: "Early", body: "fast typist", revision: 1)])
    state.editCount = 1
    let store = makeStore(state)
    // Saving now would replace the file with only the early note: the flush waits for the load.
    await store.send(.internal(.flush)) { $0.flushRequestedWhileLoading = true }
    #expect(recording.saved.isEmpty)

    let fromFile = [Note(id: 1, title: "From file", revision: 3)]
    await store.send(.internal(.loaded(fromFile))) {
      $0.notes = [Note(id: 2, title: "Early", body: "fast typist", revision: 4), fromFile[0]]
      $0.selectedID = 2
      $0.nextID = 3
      $0.nextRevision = 5
      $0.loadStatus = .loaded
      $0.flushRequestedWhileLoading = false
      $0.savesInFlight = 1
      $0.isStopping = true
    }
    await store.receive(.delegate(.noteCountChanged(2)))
    await store.receive(.internal(.saveFinished(editCount: 1))) {
      $0.savesInFlight = 0
      $0.savedEditCount = 1
      $0.status = "Saved"
    }
    await store.receive(.delegate(.saved(noteCount: 2)))
    await store.finish()
    #expect(recording.saved.map(\.notes) == [store.state.notes])
    #expect(recording.kept.isEmpty)
  }

  @Test func stoppingBeforeAnUnreadableFileLoadedKeepsWhatWasTyped() async {
    var state = NotesState(notes: [Note(id: 1, title: "Early", body: "fast typist", revision: 1)])
    state.editCount = 1
    let store = makeStore(state)
    await store.send(.internal(.flush)) { $0.flushRequestedWhileLoading = true }

    let unreadable = NotesStorageError.unreadable(path: "/data/notes.json", reason: "EACCES")
    await store.send(.internal(.loadFailed(unreadable))) {
      $0.loadStatus = .failed(unreadable.description)
      $0.writeRefusal = unreadable
      $0.status = unreadable.summary
      $0.flushRequestedWhileLoading = false
      $0.isStopping = true
    }
    await store.receive(.delegate(.storageError(unreadable.description)))
    await store.receive(.delegate(.noteCountChanged(1)))
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 1))) {
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 1
      $0.status = "Could not save; unsaved notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))
    await store.finish()
    #expect(recording.saved.isEmpty)
    #expect(recording.kept.map(\.notes) == [state.notes])
  }

  @Test func aLoadRestoresRecoveredNotesItDoesNotHaveAndRemovesTheFilesOnceSaved() async {
    let onDisk = [Note(id: 1, title: "Saved", body: "same", revision: 1)]
    let recovered = RecoveryFiles.Found(
      path: "/data/notes.recovery-1-2.json",
      document: NotesDocument(notes: [
        Note(id: 1, title: "Saved", body: "same", revision: 1),
        Note(id: 2, title: "Lost draft", body: "typed before the disk filled", revision: 2),
      ]))
    let loaded = LoadedNotes(document: NotesDocument(notes: onDisk), recovered: [recovered])
    let storage = recording.storage(loading: { loaded })
    let store = makeNotesStore(NotesState(), storage: storage, clock: clock)
    await store.send(.internal(.loadRequested))
    await store.receive(.internal(.loaded(loaded))) {
      $0.notes = [
        Note(
          id: 2, title: "(recovered) Lost draft", body: "typed before the disk filled", revision: 2),
        onDisk[0],
      ]
      $0.selectedID = 2
      $0.cursor = "typed before the disk filled".utf8.count
      $0.nextID = 3
      $0.nextRevision = 3
      $0.loadStatus = .loaded
      $0.restoredRecoveries = [recovered.path]
      $0.restoredAtEditCount = 1
      $0.notice = "Restored 1 unsaved note from /data/notes.recovery-1-2.json"
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.noteCountChanged(2)))
    #expect(recording.removedRecoveries.isEmpty)

    // The restored notes count as an edit: the autosave saves them, then removes the file.
    await clock.advance(by: autosaveDelay)
    await store.receive(.internal(.autosaveDue)) {
      $0.autosavePending = false
      $0.savesInFlight = 1
    }
    await store.receive(.internal(.saveFinished(editCount: 1))) {
      $0.savesInFlight = 0
      $0.savedEditCount = 1
      $0.status = "Saved"
      $0.restoredRecoveries = []
    }
    await store.receive(.delegate(.saved(noteCount: 2)))
    await store.finish()
    #expect(recording.removedRecoveries == [recovered.path])
    #expect(recording.saved.last?.notes.map(\.title) == ["(recovered) Lost draft", "Saved"])
  }

  @Test func anotherWriterMakesTheNotesReadOnlyAndSaysWho() async {
    let locked = NotesStorageError.locked(path: "/data/notes.json", holder: 4242)
    let loaded = LoadedNotes(
      document: NotesDocument(notes: [Note(id: 1, title: "Theirs", revision: 1)]),
      writeRefusal: locked)
    let store = makeNotesStore(
      NotesState(), storage: recording.storage(loading: { loaded }), clock: clock)
    await store.send(.internal(.loadRequested))
    await store.receive(.internal(.loaded(loaded))) {
      $0.notes = loaded.document.notes
      $0.selectedID = 1
      $0.nextID = 2
      $0.nextRevision = 2
      $0.loadStatus = .loaded
      $0.writeRefusal = locked
      $0.status = "Read-only: another instance of the app is using notes.json"
    }
    await store.receive(.delegate(.storageError(locked.description)))
    await store.receive(.delegate(.noteCountChanged(1)))
    #expect(locked.description.contains("in use by another instance of the app (pid 4242)"))
    await store.finish()
  }
}
