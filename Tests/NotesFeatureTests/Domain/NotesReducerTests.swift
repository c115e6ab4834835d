import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// The list actions: create, rename, delete and undo.
@MainActor
@Suite struct NotesReducerTests {
  let clock = TestClock()
  let recording = RecordingStorage()

  let gamma = Note(id: 3, title: "Gamma", body: "ccc", revision: 3)
  let beta = Note(id: 2, title: "Beta", body: "bb", revision: 2)
  let alpha = Note(id: 1, title: "Alpha", body: "a", revision: 1)

  func makeStore(_ state: NotesState) -> TestStore<NotesState, NotesAction> {
    makeNotesStore(state, storage: recording.storage, clock: clock)
  }

  // MARK: - Create

  @Test func createNoteTappedAddsAnEmptyNoteOnTopAndStartsEditingIt() async {
    let store = makeStore(.loaded([alpha]))
    await store.send(.view(.createNoteTapped)) {
      $0.notes = [
        Note(id: 2, title: "Untitled 2", revision: 2, titleFollowsFirstLine: true), self.alpha,
      ]
      $0.nextID = 3
      $0.untouchedNewNote = 2
      $0.nextRevision = 3
      $0.selectedID = 2
      $0.editorOpenings += 1
      $0.editing = NoteEditing(
        note: Note(id: 2, title: "Untitled 2", revision: 2, titleFollowsFirstLine: true),
        cursor: 0)
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.created(NoteID(2), title: "Untitled 2")))
    await store.receive(.delegate(.noteCountChanged(2)))
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 2)
    #expect(recording.saved.map(\.notes.count) == [2])
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await store.finish()
  }

  @Test func createNoteTappedWhileSearchingClearsTheSearch() async {
    var state = NotesState.loaded([alpha])
    state.mode = .searching
    state.searchText = "zzz"
    state.filter = NoteFilter(query: "zzz", matches: [])
    state.selectedID = nil
    let store = makeStore(state)
    await store.send(.view(.createNoteTapped)) {
      $0.notes.insert(
        Note(id: 2, title: "Untitled 2", revision: 2, titleFollowsFirstLine: true), at: 0)
      $0.filter = nil
      $0.nextID = 3
      $0.untouchedNewNote = 2
      $0.nextRevision = 3
      $0.selectedID = 2
      $0.mode = .browsing
      $0.editorOpenings += 1
      $0.editing = NoteEditing(
        note: Note(id: 2, title: "Untitled 2", revision: 2, titleFollowsFirstLine: true),
        cursor: 0)
      $0.searchText = ""
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.created(NoteID(2), title: "Untitled 2")))
    await store.receive(.delegate(.noteCountChanged(2)))
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 2)
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await store.finish()
  }

  // MARK: - Rename

  @Test func renameEditsADraftAndNewlineKeepsItMovingTheNoteToTheTop() async {
    let store = makeStore(.loaded([beta, alpha]))
    await store.send(.view(.selectNext)) {
      $0.selectedID = 1
      $0.cursor = 1
    }
    await store.send(.view(.renameTapped)) {
      $0.mode = .renaming(draft: "Alpha")
      $0.fieldCursor = 5
    }
    await store.send(.view(.textInserted(" One"))) {
      $0.mode = .renaming(draft: "Alpha One")
      $0.fieldCursor = 9
    }
    await store.send(.view(.backspaceTapped)) {
      $0.mode = .renaming(draft: "Alpha On")
      $0.fieldCursor = 8
    }
    // A title is one line: a pasted title of several lines reads as one, a space where each
    // line break was.
    await store.send(.view(.textInserted("e\nTwo"))) {
      $0.mode = .renaming(draft: "Alpha One Two")
      $0.fieldCursor = 13
    }
    await store.send(.view(.newlineTapped)) {
      var renamed = self.alpha
      renamed.title = "Alpha One Two"
      renamed.revision = 3
      $0.notes = [renamed, self.beta]
      $0.mode = .browsing
      $0.nextRevision = 4
      $0.editCount = 1
      $0.autosavePending = true
    }
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 2)
    #expect(recording.saved.last?.notes.map(\.title) == ["Alpha One Two", "Beta"])
    await store.finish()
  }

  @Test func renameToAnEmptyTitleNamesTheNoteUntitled() async {
    let store = makeStore(.loaded([alpha]))
    await store.send(.view(.renameTapped)) {
      $0.mode = .renaming(draft: "Alpha")
      $0.fieldCursor = 5
    }
    for draft in ["Alph", "Alp", "Al", "A", ""] {
      await store.send(.view(.backspaceTapped)) {
        $0.mode = .renaming(draft: draft)
        $0.fieldCursor = draft.utf8.count
      }
    }
    await store.send(.view(.backspaceTapped))
    await store.send(.view(.textInserted("   "))) {
      $0.mode = .renaming(draft: "   ")
      $0.fieldCursor = 3
    }
    await store.send(.view(.newlineTapped)) {
      $0.notes[0].title = "Untitled"
      $0.notes[0].revision = 2
      $0.mode = .browsing
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosavePending = true
    }
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 1)
    await store.finish()
  }

  @Test func renameTrimsSurroundingWhitespace() async {
    let store = makeStore(.loaded([alpha]))
    await store.send(.view(.renameTapped)) {
      $0.mode = .renaming(draft: "Alpha")
      $0.fieldCursor = 5
    }
    await store.send(.view(.textInserted("  "))) {
      $0.mode = .renaming(draft: "Alpha  ")
      $0.fieldCursor = 7
    }
    await store.send(.view(.newlineTapped)) {
      $0.notes[0].revision = 2
      $0.mode = .browsing
      $0.nextRevision = 3
      $0.editCount = 1
      $0.autosavePending = true
    }
    #expect(store.state.notes[0].title == "Alpha")
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 1)
    await store.finish()
  }

  @Test func escapeCancelsARename() async {
    let store = makeStore(.loaded([alpha]))
    await store.send(.view(.renameTapped)) {
      $0.mode = .renaming(draft: "Alpha")
      $0.fieldCursor = 5
    }
    await store.send(.view(.textInserted("X"))) {
      $0.mode = .renaming(draft: "AlphaX")
      $0.fieldCursor = 6
    }
    await store.send(.view(.escapeTapped)) { $0.mode = .browsing }
    #expect(store.state.notes == [alpha])
    await store.finish()
  }

  @Test func renameWithNothingSelectedDoesNothing() async {
    let store = makeStore(.loaded([]))
    await store.send(.view(.renameTapped))
    await store.finish()
  }

  // MARK: - Delete and undo

  @Test func deleteSelectsTheNextOlderNoteAndUndoPutsItBack() async {
    let store = makeStore(.loaded([gamma, beta, alpha]))
    await store.send(.view(.selectNext)) {
      $0.selectedID = 2
      $0.cursor = 2
    }
    await store.send(.view(.deleteSelectedTapped)) {
      $0.confirmation = NotesReducer.deleteConfirmation(of: self.beta)
    }
    await store.send(.view(.confirmation(.presented(.deleteNote(id: 2))))) {
      $0.confirmation = nil
      $0.notes = [self.gamma, self.alpha]
      $0.deletedNotes = [.init(note: self.beta, index: 1)]
      $0.selectedID = 1
      $0.cursor = 1
      $0.notice = "Deleted “Beta”: u to undo"
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.deleted(NoteID(2))))
    await store.receive(.delegate(.noteCountChanged(2)))
    // The autosave a second later says "Saved" without hiding the undo hint: it shows until
    // the next key.
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 2)
    #expect(store.state.notice == "Deleted “Beta”: u to undo")
    await store.send(.view(.undoDeleteTapped)) {
      $0.notes = [self.gamma, self.beta, self.alpha]
      $0.deletedNotes = []
      $0.selectedID = 2
      $0.cursor = 2
      $0.notice = "Restored “Beta”"
      $0.status = nil
      $0.editCount = 2
      $0.autosavePending = true
    }
    await store.receive(.delegate(.noteCountChanged(3)))
    // Nothing is left to undo, and the key says so.
    await store.send(.view(.undoDeleteTapped)) { $0.notice = NotesReducer.nothingToUndo }
    await expectAutosave(store, clock: clock, editCount: 2, noteCount: 3)
    #expect(recording.saved.map(\.notes) == [[gamma, alpha], [gamma, beta, alpha]])
    await store.finish()
  }

  /// Undo goes back through every delete of the session, the last first, each note to its
  /// place; then it says there is nothing left.
  @Test func undoGoesBackThroughEveryDeleteOfTheSession() async {
    let store = makeStore(.loaded([gamma, beta, alpha]))
    store.exhaustivity = .off
    for id in [3, 1] {
      await store.send(.view(.deleteSelectedTapped))
      await store.send(.view(.confirmation(.presented(.deleteNote(id: id)))))
    }
    #expect(store.state.notes.map(\.id) == [2])
    #expect(store.state.deletedNotes.map(\.note.id) == [3, 1])
    await store.send(.view(.undoDeleteTapped))
    #expect(store.state.notes.map(\.id) == [2, 1])
    #expect(store.state.notice == "Restored “Alpha”")
    await store.send(.view(.undoDeleteTapped))
    #expect(store.state.notes.map(\.id) == [3, 2, 1])
    #expect(store.state.notice == "Restored “Gamma”")
    await store.send(.view(.undoDeleteTapped))
    #expect(store.state.notes.map(\.id) == [3, 2, 1])
    #expect(store.state.notice == NotesReducer.nothingToUndo)
    await store.skipInFlightEffects()
  }

  /// `n`, then the editor closes before anything was typed: the note goes as if never made and
  /// the note selected before comes back. So does one typed into, then emptied (deleted or
  /// undone) before its editor first closed: empty "Untitled" notes never pile up. One closed
  /// with text stays, and is no longer new.
  @Test func aNewNoteClosedUntouchedAndEmptyIsRemoved() async throws {
    let store = makeStore(.loaded([alpha]))
    store.exhaustivity = .off
    await store.send(.view(.createNoteTapped))
    let untouched = try #require(store.state.editing)
    #expect(store.state.untouchedNewNote == 2)
    await store.send(.internal(.editor(.presented(.output(.closed(untouched, edited: false))))))
    #expect(store.state.notes.map(\.id) == [1])
    #expect(store.state.selectedID == 1)
    #expect(store.state.editing == nil)
    #expect(store.state.deletedNotes.isEmpty)
    #expect(store.state.untouchedNewNote == nil)
    #expect(store.state.notice == "The new note was empty: not kept")

    await store.send(.view(.createNoteTapped))
    var typed = try #require(store.state.editing)
    typed.note.body = "x"
    // The autosave's hand-over keeps the text, and the note is still new.
    await store.send(.internal(.editor(.presented(.output(.changed(typed))))))
    #expect(store.state.untouchedNewNote == 3)
    typed.note.body = ""
    await store.send(.internal(.editor(.presented(.output(.closed(typed, edited: true))))))
    #expect(store.state.notes.map(\.id) == [1])
    #expect(store.state.untouchedNewNote == nil)
    // What the autosave had saved of it is one `u` away, as after a delete.
    #expect(store.state.deletedNotes.map(\.note.body) == ["x"])
    #expect(
      store.state.notice == "The new note was left empty: not kept (u brings back “Untitled 3”)")

    await store.send(.view(.createNoteTapped))
    var kept = try #require(store.state.editing)
    kept.note.body = "y"
    await store.send(.internal(.editor(.presented(.output(.closed(kept, edited: true))))))
    #expect(store.state.notes.map(\.id) == [4, 1])
    #expect(store.state.untouchedNewNote == nil)
    await store.skipInFlightEffects()
  }

  /// Notes loaded from a file may share a revision: the note below the deleted one is selected,
  /// not the last of the list (a second `d` would aim at a note far from the first).
  @Test func deleteSelectsTheNoteBelowWhateverTheRevisions() async {
    let notes = (1...4).map { Note(id: $0, title: "Note \($0)", body: "", revision: 1) }
    let store = makeStore(.loaded(notes))
    store.exhaustivity = .off
    await store.send(.view(.selectNext))
    #expect(store.state.selectedID == 2)
    await store.send(.view(.deleteSelectedTapped))
    await store.send(.view(.confirmation(.presented(.deleteNote(id: 2)))))
    #expect(store.state.notes.map(\.id) == [1, 3, 4])
    #expect(store.state.selectedID == 3)
    await store.skipInFlightEffects()
  }

  @Test func deletingTheOldestNoteSelectsTheNewerNeighbourAndStopsEditing() async {
    let store = makeStore(.loaded([beta, alpha]))
    await store.send(.view(.selectNext)) {
      $0.selectedID = 1
      $0.cursor = 1
    }
    await store.send(.view(.editTapped)) {
      $0.editorOpenings = 1
      $0.editing = NoteEditing(note: self.alpha, cursor: 1)
    }
    await store.send(.view(.deleteSelectedTapped)) {
      $0.confirmation = NotesReducer.deleteConfirmation(of: self.alpha)
    }
    await store.send(.view(.confirmation(.presented(.deleteNote(id: 1))))) {
      $0.confirmation = nil
      $0.notes = [self.beta]
      $0.deletedNotes = [.init(note: self.alpha, index: 1)]
      $0.editing = nil
      $0.selectedID = 2
      $0.cursor = 2
      $0.notice = "Deleted “Alpha”: u to undo"
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.deleted(NoteID(1))))
    await store.receive(.delegate(.noteCountChanged(1)))
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 1)
    await store.finish()
  }

  @Test func keepingTheNoteAnswersTheQuestionAndDeletesNothing() async {
    let store = makeStore(.loaded([beta, alpha]))
    let question = NotesReducer.deleteConfirmation(of: beta)
    #expect(String(state: question.title) == "Delete “Beta”?")
    #expect(question.buttons.map { String(state: $0.label) } == ["Delete", "Keep"])
    await store.send(.view(.deleteSelectedTapped)) { $0.confirmation = question }
    // Keep is the cancel button: tapping it dismisses the question.
    let keep = question.buttons[1]
    await store.send(.view(.confirmation(.tap(keep)))) { $0.confirmation = nil }
    #expect(store.state.notes == [beta, alpha])
    await store.finish()
  }

  @Test func anAnswerWhileNothingIsAskedIsReportedAndDeletesNothing() async {
    let store = makeStore(.loaded([beta, alpha]))
    await withKnownIssue {
      await store.send(.view(.confirmation(.presented(.deleteNote(id: 2)))))
    } matching: { issue in
      issue.description.contains("an answer to a confirmation while none was asked")
    }
    #expect(store.state.notes == [beta, alpha])
    await store.finish()
  }

  @Test func deletingTheOnlyNoteLeavesNothingSelected() async {
    let store = makeStore(.loaded([alpha]))
    await store.send(.view(.deleteSelectedTapped)) {
      $0.confirmation = NotesReducer.deleteConfirmation(of: self.alpha)
    }
    await store.send(.view(.confirmation(.presented(.deleteNote(id: 1))))) {
      $0.confirmation = nil
      $0.notes = []
      $0.deletedNotes = [.init(note: self.alpha, index: 0)]
      $0.selectedID = nil
      $0.cursor = 0
      $0.notice = "Deleted “Alpha”: u to undo"
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.deleted(NoteID(1))))
    await store.receive(.delegate(.noteCountChanged(0)))
    // With nothing selected, d does nothing but end the last key's message.
    await store.send(.view(.deleteSelectedTapped)) { $0.notice = nil }
    await expectAutosave(store, clock: clock, editCount: 1, noteCount: 0)
    await store.finish()
  }

  @Test func editingAfterADeleteTypesIntoTheNewlySelectedNote() async {
    // The cursor belongs to the selected note's body: after the selection moves to a note with
    // multi-byte text, typing must land on a character boundary of that note.
    let wide = Note(id: 1, title: "Wide", body: "日本", revision: 1)
    let ascii = Note(id: 2, title: "Ascii", body: "abcd", revision: 2)
    let store = makeStore(.loaded([ascii, wide]))
    await store.send(.view(.selectNext)) {
      $0.selectedID = 1
      $0.cursor = 6
    }
    await store.send(.view(.selectPrevious)) {
      $0.selectedID = 2
      $0.cursor = 4
    }
    await store.send(.view(.deleteSelectedTapped)) {
      $0.confirmation = NotesReducer.deleteConfirmation(of: ascii)
    }
    await store.send(.view(.confirmation(.presented(.deleteNote(id: 2))))) {
      $0.confirmation = nil
      $0.notes = [wide]
      $0.deletedNotes = [.init(note: ascii, index: 0)]
      $0.selectedID = 1
      $0.cursor = 6
      $0.notice = "Deleted “Ascii”: u to undo"
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.deleted(NoteID(2))))
    await store.receive(.delegate(.noteCountChanged(1)))
    // The editor opens on the newly selected note, at its end: a character boundary of it.
    let opened = NoteEditing(note: wide, cursor: 6)
    await store.send(.view(.editTapped)) {
      $0.editorOpenings = 1
      $0.editing = opened
      $0.notice = nil
    }
    // What the editor hands back when typing pauses is kept and saved at once.
    var typed = opened
    typed.note.body = "日本!"
    typed.cursor = 7
    typed.history = EditHistory(
      undo: [TextEdit(offset: 6, inserted: "!", cursorBefore: 6, kind: .typing)],
      lastEditIsOpen: true)
    await store.send(.internal(.editor(.presented(.output(.changed(typed)))))) {
      $0.notes[0].body = "日本!"
      $0.notes[0].revision = 3
      $0.cursor = 7
      $0.nextRevision = 4
      $0.editCount = 2
      $0.history = [1: typed.history]
      $0.autosavePending = false
      $0.savesInFlight = 1
    }
    await expectSaveFinished(store, editCount: 2, noteCount: 1)
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    // The save cancelled the delete's autosave: nothing is left waiting.
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func theRenameFieldIsEditedWithACursor() async {
    let store = makeStore(.loaded([alpha]))
    await store.send(.view(.renameTapped)) {
      $0.mode = .renaming(draft: "Alpha")
      $0.fieldCursor = 5
    }
    await store.send(.view(.cursorMoved(.lineStart))) { $0.fieldCursor = 0 }
    await store.send(.view(.textInserted("My "))) {
      $0.mode = .renaming(draft: "My Alpha")
      $0.fieldCursor = 3
    }
    await store.send(.view(.cursorMoved(.wordRight))) { $0.fieldCursor = 8 }
    await store.send(.view(.deleteWordBackwardTapped)) {
      $0.mode = .renaming(draft: "My ")
      $0.fieldCursor = 3
    }
    await store.send(.view(.cursorMoved(.left))) { $0.fieldCursor = 2 }
    await store.send(.view(.deleteTapped)) {
      $0.mode = .renaming(draft: "My")
    }
    await store.send(.view(.escapeTapped)) { $0.mode = .browsing }
    await store.finish()
  }

  @Test func aNewNotesTitleFollowsItsFirstLineUntilItIsRenamed() async {
    let store = makeStore(.loaded([]))
    let new = Note(id: 1, title: "Untitled 1", revision: 1, titleFollowsFirstLine: true)
    await store.send(.view(.createNoteTapped)) {
      $0.notes = [new]
      $0.nextID = 2
      $0.untouchedNewNote = 1
      $0.nextRevision = 2
      $0.selectedID = 1
      $0.editorOpenings += 1
      $0.editing = NoteEditing(note: new, cursor: 0)
      $0.editCount = 1
      $0.autosavePending = true
    }
    await store.receive(.delegate(.created(NoteID(1), title: "Untitled 1")))
    await store.receive(.delegate(.noteCountChanged(1)))
    // The editor derives the title from the first line; the list keeps what it hands back.
    var typed = NoteEditing(note: new, cursor: 27)
    typed.note.body = "  Groceries for Sunday\nmilk"
    typed.note.title = "Groceries for Sunday"
    await store.send(.internal(.editor(.presented(.output(.closed(typed, edited: true)))))) {
      $0.untouchedNewNote = nil
      $0.notes[0] = typed.note
      $0.notes[0].revision = 2
      $0.nextRevision = 3
      $0.cursor = 27
      $0.history = [1: EditHistory()]
      $0.editing = nil
      $0.editCount = 2
    }
    await store.send(.view(.renameTapped)) {
      $0.mode = .renaming(draft: "Groceries for Sunday")
      $0.fieldCursor = 20
    }
    await store.send(.view(.newlineTapped)) {
      $0.mode = .browsing
      $0.notes[0].titleFollowsFirstLine = false
      $0.notes[0].revision = 3
      $0.nextRevision = 4
      $0.editCount = 3
    }
    // Renamed: the editor opens on a note whose first line no longer names it.
    await store.send(.view(.editTapped)) {
      $0.editorOpenings += 1
      $0.editing = NoteEditing(id: 2, note: $0.notes[0], cursor: 27, history: EditHistory())
    }
    #expect(store.state.editing?.note.titleFollowsFirstLine == false)
    await store.send(.internal(.editor(.dismiss))) { $0.editing = nil }
    await expectAutosave(store, clock: clock, editCount: 3, noteCount: 1)
    #expect(recording.saved.last?.notes.first?.titleFollowsFirstLine == false)
    await store.finish()
  }
}
