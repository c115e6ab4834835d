import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// The list presents the note editor, a feature with a store of its own: it opens it with what
/// the note needs, hears the note through the editor's outputs (received like any action, in an
/// exhaustive test store), and sends it what a host changes in the open note.
@MainActor
@Suite struct NotesPresentingTheEditorTests {
  let clock = TestClock()
  let recording = RecordingStorage()
  let alpha = Note(id: 1, title: "Alpha", body: "a", revision: 1)
  let beta = Note(id: 2, title: "Beta", body: "bb", revision: 2)

  func makeStore(
    _ state: NotesState,
    editor: FeatureLauncher<NoteEditing, NoteEditorInput, NoteEditorOutput>? = nil
  ) -> TestStore<NotesState, NotesAction> {
    let store = makeNotesStore(state, storage: recording.storage, clock: clock)
    if let editor { store.dependencies[feature: NoteEditorFeature.launcher] = editor }
    return store
  }

  @Test func enterOpensTheEditorWithTheNotesHistoryAndWhatTheEditorsCarry() async {
    var state = NotesState.loaded([beta, alpha])
    let history = EditHistory(undo: [TextEdit(offset: 0, inserted: "bb", cursorBefore: 0)])
    state.history = [2: history]
    state.cutBuffer = "cut\n"
    state.lastFind = "b"
    state.cursor = 1
    let store = makeStore(state)
    await store.send(.view(.editTapped)) {
      $0.editorOpenings = 1
      $0.editing = NoteEditing(
        id: 1, note: self.beta, cursor: 1, history: history, cutBuffer: "cut\n", lastFind: "b")
    }
    #expect(store.state.keyContext.isEditing)
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await store.finish()
  }

  @Test func aHostsChangeToTheOpenNoteGoesToTheEditorWhichHandsTheNoteBack() async {
    let store = makeStore(.loaded([beta, alpha]))
    await store.send(.view(.editTapped)) {
      $0.editorOpenings = 1
      $0.editing = NoteEditing(note: self.beta, cursor: 0)
    }
    // The list does not change its copy: the open note is the editor's.
    await store.send(.input(.appendText(NoteID(2), "!")))
    await store.receive(.internal(.editor(.presented(.input(.appendText("!"))))))
    // The real editor, on the test clock: typing pauses, and it hands the note over.
    await clock.advance(by: autosaveDelay)
    var handed = NoteEditing(note: beta, cursor: 0)
    handed.note.body = "bb!"
    await store.receive(.internal(.editor(.presented(.output(.changed(handed)))))) {
      $0.notes[0].body = "bb!"
      $0.notes[0].revision = 3
      $0.nextRevision = 4
      $0.history[2] = EditHistory()
      $0.editCount = 1
      $0.savesInFlight = 1
    }
    await expectSaveFinished(store, editCount: 1, noteCount: 2)
    #expect(recording.saved.last?.notes.first?.body == "bb!")
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await store.finish()
  }

  @Test func aHostsSaveSavesWhatTheEditorHolds() async {
    // A fake editor, in one line: it answers a save with the note it was "typing" in.
    let typed = NoteEditing(
      id: 1, note: Note(id: 2, title: "Beta", body: "typed", revision: 2), cursor: 5)
    let store = makeStore(
      .loaded([beta, alpha]),
      editor: .fake { input in input == .save ? [.saveRequested(typed, edited: true)] : [] })
    await store.send(.view(.editTapped)) {
      $0.editorOpenings = 1
      $0.editing = NoteEditing(note: self.beta, cursor: 0)
    }
    await store.send(.input(.save))
    await store.receive(.internal(.editor(.presented(.input(.save)))))
    await store.receive(
      .internal(.editor(.presented(.output(.saveRequested(typed, edited: true)))))
    ) {
      $0.notes[0].body = "typed"
      $0.notes[0].revision = 3
      $0.nextRevision = 4
      $0.cursor = 5
      $0.history[2] = EditHistory()
      $0.editCount = 1
      $0.savesInFlight = 1
    }
    await expectSaveFinished(store, editCount: 1, noteCount: 2)
    #expect(recording.saved.last?.notes.first?.body == "typed")
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await store.finish()
  }

  @Test func aClosedEditorsNoteBecomesTheNewestAndEachOpeningIsANewEditor() async {
    let store = makeStore(.loaded([beta, alpha]))
    await store.send(.view(.selectNext)) {
      $0.selectedID = 1
      $0.cursor = 1
    }
    await store.send(.view(.editTapped)) {
      $0.editorOpenings = 1
      $0.editing = NoteEditing(note: self.alpha, cursor: 1)
    }
    var closed = NoteEditing(note: alpha, cursor: 2)
    closed.note.body = "ab"
    await store.send(.internal(.editor(.presented(.output(.closed(closed, edited: true)))))) {
      $0.notes = [Note(id: 1, title: "Alpha", body: "ab", revision: 3), self.beta]
      $0.nextRevision = 4
      $0.cursor = 2
      $0.history[1] = EditHistory()
      $0.editing = nil
      $0.editCount = 1
      $0.autosavePending = true
    }
    // Unchanged, the note stays where it is; the next opening is a new editor (id 2).
    await store.send(.view(.editTapped)) {
      $0.editorOpenings = 2
      $0.editing = NoteEditing(
        id: 2, note: Note(id: 1, title: "Alpha", body: "ab", revision: 3), cursor: 2)
    }
    await store.send(
      .internal(.editor(.presented(.output(.closed(store.state.editing!, edited: false)))))
    ) {
      $0.editing = nil
    }
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 2)
    await store.finish()
  }

  @Test func anOutputWhileNoEditorIsOpenIsReportedAndChangesNothing() async {
    let store = makeStore(.loaded([alpha]))
    let stray = NoteEditing(note: alpha, cursor: 0)
    await withKnownIssue {
      await store.send(.internal(.editor(.presented(.output(.changed(stray))))))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("while nothing was presented") }
    }
    #expect(store.state.notes == [alpha])
    await store.finish()
  }
}

extension NotesPresentingTheEditorTests {
  /// A note already open in the initial state: its editor runs from the store's start (the
  /// notes reducer passes the store's start on to the `ifLet` it holds), so what the editor
  /// hands over reaches the list before any action.
  @Test func aNoteOpenInTheInitialStateHasItsEditorRunningFromTheStoresStart() async {
    let editor = FakeFeature<NoteEditorInput, NoteEditorOutput>(name: "FakeEditor")
    var state = NotesState.loaded([beta, alpha])
    state.editing = NoteEditing(note: beta, cursor: 0)
    let store = TestStore(initialState: state, reducer: NotesReducer()) {
      $0.notesStorage = recording.storage
      $0.notesAutosaveDelay = autosaveDelay
      $0.clock = clock
      $0[feature: NoteEditorFeature.launcher] = .fake(editor)
    }
    var handed = NoteEditing(note: beta, cursor: 0)
    handed.note.body = "bb?"
    await editor.emit(.changed(handed))
    await store.receive(.internal(.editor(.presented(.output(.changed(handed)))))) {
      $0.notes[0].body = "bb?"
      $0.notes[0].revision = 3
      $0.nextRevision = 4
      $0.history[2] = EditHistory()
      $0.editCount = 1
      $0.savesInFlight = 1
    }
    await expectSaveFinished(store, editCount: 1, noteCount: 2)
    #expect(recording.saved.last?.notes.first?.body == "bb?")
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await store.finish()
  }
}
