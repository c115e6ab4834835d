import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// Loading the notes: merging notes made meanwhile, saves asked for meanwhile, load failures.
@MainActor
@Suite struct NotesReducerLoadingTests {
  let clock = TestClock()
  let recording = RecordingStorage()

  @Test func loadRequestedLoadsTheNotesNewestFirst() async {
    let older = Note(id: 1, title: "Older", revision: 1)
    let newer = Note(id: 7, title: "Newer", revision: 4)
    let storage = RecordingStorage([older, newer])
    let store = makeNotesStore(NotesState(), storage: storage.storage, clock: clock)
    await store.send(.internal(.loadRequested))
    await store.receive(.internal(.loaded([older, newer]))) {
      $0.notes = [newer, older]
      $0.selectedID = 7
      $0.nextID = 8
      $0.nextRevision = 5
      $0.loadStatus = .loaded
    }
    await store.receive(.delegate(.noteCountChanged(2)))
    await store.finish()
  }

  @Test func notesCreatedBeforeTheLoadFinishedAreKeptOnTop() async {
    let gate = LoadGate()
    let fromFile = [
      Note(id: 1, title: "From file", revision: 3),
      Note(id: 2, title: "Newest in file", revision: 7),
    ]
    let storage = recording.storage(load: {
      await gate.wait()
      return NotesDocument(notes: fromFile)
    })
    let store = makeNotesStore(NotesState(), storage: storage, clock: clock)
    await store.send(.internal(.loadRequested))
    let untitled = Note(id: 1, title: "Untitled 1", revision: 1, titleFollowsFirstLine: true)
    await store.send(.view(.createNoteTapped)) {
      $0.notes = [untitled]
      $0.nextID = 2
      $0.untouchedNewNote = 1
      $0.nextRevision = 2
      $0.selectedID = 1
      $0.editorOpenings += 1
      $0.editing = NoteEditing(note: untitled, cursor: 0)
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.created(NoteID(1), title: "Untitled 1")))
    await store.receive(.delegate(.noteCountChanged(1)))
    // The editor hands over what was typed; its save waits for the load.
    var early = NoteEditing(note: untitled, cursor: 5)
    early.note.body = "early"
    early.note.title = "early"
    early.history = EditHistory(
      undo: [TextEdit(offset: 0, inserted: "early", cursorBefore: 0)], lastEditIsOpen: true)
    await store.send(.internal(.editor(.presented(.output(.changed(early)))))) {
      $0.notes[0].body = "early"
      $0.notes[0].title = "early"
      $0.notes[0].revision = 2
      $0.cursor = 5
      $0.nextRevision = 3
      $0.editCount = 2
      $0.history = [1: early.history]
      $0.saveRequestedWhileLoading = true
    }

    gate.release()
    // The early note is renumbered after the file's notes, so no id is used twice; the editor
    // open on it is told its new id.
    await store.receive(.internal(.loaded(fromFile))) {
      $0.notes = [
        Note(id: 3, title: "early", body: "early", revision: 8, titleFollowsFirstLine: true),
        fromFile[1], fromFile[0],
      ]
      $0.selectedID = 3
      $0.nextID = 4
      $0.nextRevision = 9
      $0.loadStatus = .loaded
      $0.editing?.note.id = 3
      // Still new, under its new id, until its editor closes.
      $0.untouchedNewNote = 3
      // The history follows the note to its new id.
      $0.history = [3: early.history]
      $0.saveRequestedWhileLoading = false
      $0.savesInFlight = 1
      $0.autosavePending = false
    }
    await store.receive(.internal(.editor(.presented(.input(.renumbered(3))))))
    await store.receive(.delegate(.noteCountChanged(3)))
    await expectSaveFinished(store, editCount: 2, noteCount: 3)
    // What the editor hands over next names the note by its new id.
    var more = early
    more.note.id = 3
    more.note.body = "early!"
    more.note.title = "early!"
    more.cursor = 6
    more.history.undo.append(TextEdit(offset: 5, inserted: "!", cursorBefore: 5, kind: .typing))
    await store.send(.internal(.editor(.presented(.output(.closed(more, edited: true)))))) {
      $0.untouchedNewNote = nil
      $0.notes[0].body = "early!"
      $0.notes[0].title = "early!"
      $0.notes[0].revision = 9
      $0.cursor = 6
      $0.nextRevision = 10
      $0.editCount = 3
      $0.history[3] = more.history
      $0.editing = nil
      $0.status = nil
      $0.autosavePending = true
    }
    await expectAutosave(store, clock: clock, editCount: 3, noteCount: 3)
    #expect(recording.saved.last?.notes.map(\.id) == [3, 2, 1])
    await store.finish()
  }

  @Test func aSaveAskedForWhileLoadingWaitsForTheLoadedNotes() async {
    // Saving before the file is loaded would replace it with only the notes made since.
    let gate = LoadGate()
    let fromFile = [Note(id: 1, title: "On disk", revision: 1)]
    let storage = recording.storage(load: {
      await gate.wait()
      return NotesDocument(notes: fromFile)
    })
    let store = makeNotesStore(NotesState(), storage: storage, clock: clock)
    await store.send(.internal(.loadRequested))
    let save = await store.send(.input(.save)) { $0.saveRequestedWhileLoading = true }
    #expect(save.isEmpty)

    gate.release()
    await store.receive(.internal(.loaded(fromFile))) {
      $0.notes = fromFile
      $0.selectedID = 1
      $0.nextID = 2
      $0.nextRevision = 2
      $0.loadStatus = .loaded
      $0.saveRequestedWhileLoading = false
      $0.savesInFlight = 1
    }
    await store.receive(.delegate(.noteCountChanged(1)))
    await store.receive(.internal(.saveFinished(editCount: 0))) {
      $0.savesInFlight = 0
      $0.status = "Saved"
    }
    await store.receive(.delegate(.saved(noteCount: 1)))
    #expect(recording.saved.map(\.notes) == [fromFile])
    await store.finish()
  }

  /// A file the storage does not accept loads as no notes with a refusal: the status line says
  /// so in a few words, the host hears the whole reason, and no save is ever attempted.
  @Test func aFileThatIsNotAcceptedIsReportedAndNeverSavedOver() async {
    let refusal = NotesStorageError.notAccepted(
      path: "/data/notes.json", reason: "not valid JSON (the document ends early at byte 9)")
    let loaded = LoadedNotes(document: NotesDocument(notes: []), writeRefusal: refusal)
    let store = makeNotesStore(
      NotesState(), storage: recording.storage(loading: { loaded }), clock: clock)
    await store.send(.internal(.loadRequested))
    await store.receive(.internal(.loaded(loaded))) {
      $0.loadStatus = .loaded
      $0.writeRefusal = refusal
      $0.status = "Read-only: notes.json is not a notes file this app can read"
    }
    await store.receive(.delegate(.storageError(refusal.description)))
    await store.receive(.delegate(.noteCountChanged(0)))
    await store.send(.input(.save))
    await store.receive(.delegate(.storageError(refusal.description)))
    #expect(refusal.description.contains("/data/notes.json is not a notes file"))
    #expect(refusal.description.contains("never saved over"))
    await store.finish()
    #expect(recording.saved.isEmpty)
  }

  /// Files an earlier build set aside are named at every load, after the notes loaded.
  @Test func filesSetAsideEarlierAreNamedAtLoad() async {
    let aside = NotesStorageError.keptAside(path: "/data/notes.json.corrupt-1-2")
    let loaded = LoadedNotes(document: NotesDocument(notes: []), problems: [aside])
    let store = makeNotesStore(
      NotesState(), storage: recording.storage(loading: { loaded }), clock: clock)
    await store.send(.internal(.loadRequested))
    await store.receive(.internal(.loaded(loaded))) { $0.loadStatus = .loaded }
    await store.receive(.delegate(.storageError(aside.description)))
    await store.receive(.delegate(.noteCountChanged(0)))
    #expect(store.state.canSave)
    #expect(aside.description.contains("/data/notes.json.corrupt-1-2"))
    await store.finish()
  }

  @Test func anUnreadableFileIsNeverSavedOver() async throws {
    let unreadable = NotesStorageError.unreadable(
      path: "/data/notes.json", reason: "Permission denied")
    let storage = recording.storage(load: { () throws(NotesStorageError) -> NotesDocument in
      throw unreadable
    })
    let store = makeNotesStore(NotesState(), storage: storage, clock: clock)
    await store.send(.internal(.loadRequested))
    await store.receive(.internal(.loadFailed(unreadable))) {
      $0.loadStatus = .failed(unreadable.description)
      $0.writeRefusal = unreadable
      $0.status = unreadable.summary
    }
    await store.receive(.delegate(.storageError(unreadable.description)))
    await store.receive(.delegate(.noteCountChanged(0)))

    await store.send(.view(.createNoteTapped)) {
      $0.notes = [Note(id: 1, title: "Untitled 1", revision: 1, titleFollowsFirstLine: true)]
      $0.nextID = 2
      $0.untouchedNewNote = 1
      $0.nextRevision = 2
      $0.selectedID = 1
      $0.editorOpenings += 1
      $0.editing = NoteEditing(
        note: Note(id: 1, title: "Untitled 1", revision: 1, titleFollowsFirstLine: true),
        cursor: 0)
      $0.status = nil
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.created(NoteID(1), title: "Untitled 1")))
    await store.receive(.delegate(.noteCountChanged(1)))
    let refusal = unreadable.description
    // The open note's editor hands it over first; the list's save is then refused.
    let opened = try #require(store.state.editing)
    await store.send(.input(.save))
    await store.receive(.internal(.editor(.presented(.input(.save)))))
    await store.receive(
      .internal(.editor(.presented(.output(.saveRequested(opened, edited: false)))))
    ) {
      $0.status = unreadable.summary
      $0.history[1] = EditHistory()
      // The refusal answers the edits so far, as a save would.
      $0.autosavePending = false
      // What it would have saved goes to a recovery file now.
      $0.keepingUnsaved = true
    }
    // Reported as a failed save would be, so a host waiting for the result hears one.
    await store.receive(.delegate(.storageError(refusal)))
    await store.receive(.internal(.unsavedKept(path: "recovery-1", editCount: 1))) {
      $0.keepingUnsaved = false
      $0.keptUnsavedAt = "recovery-1"
      $0.keptEditCount = 1
      $0.status = "Read-only: notes.json cannot be read; notes kept in recovery-1"
    }
    await store.receive(.delegate(.unsavedChangesKept(path: "recovery-1")))
    // Stopping has nothing more to keep: the recovery file holds every edit.
    await store.send(.internal(.flush)) { $0.isStopping = true }
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await store.finish()
    #expect(recording.saved.isEmpty)
    #expect(recording.kept.map(\.notes) == [store.state.notes])
  }
}
