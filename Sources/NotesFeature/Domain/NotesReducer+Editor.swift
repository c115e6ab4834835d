import FeatureBridge
import StoreKernel

/// The note editor the list presents: opening it on a note, and keeping what it hands back.
extension NotesReducer {
  /// Presents the editor on `note`, with the cursor where the list had it, the note's undo
  /// history and what the editors' cut and find keys carry between notes.
  func openEditor(on note: Note, in state: inout NotesState) {
    state.mode = .browsing
    // One editor at a time (its keys never reach the list while it is open).
    guard state.editing == nil else { return }
    state.editorOpenings += 1
    state.editing = NoteEditing(
      id: state.editorOpenings, note: note, cursor: min(state.cursor, note.text.utf8Count),
      history: state.history[note.id] ?? EditHistory(), cutBuffer: state.cutBuffer,
      lastFind: state.lastFind)
  }

  func reduce(
    into state: inout NotesState,
    editor action: PresentationAction<FeatureAction<NoteEditorInput, NoteEditorOutput>>
  ) -> Effect<NotesAction> {
    // An output while no editor is open is reported by the presentation (`ifLet`); it changes
    // nothing here.
    guard case .presented(.output(let output)) = action, state.editing != nil else { return .none }
    switch output {
    case .changed(let editing):
      // Typing paused for the autosave's delay in the editor: save now.
      keep(editing, edited: true, in: &state)
      recordEdit(&state)
      return save(&state)
    case .saveRequested(let editing, let edited):
      keep(editing, edited: edited, in: &state)
      if edited { recordEdit(&state) }
      return save(&state)
    case .closed(let editing, let edited):
      if state.untouchedNewNote == editing.note.id {
        // Typed into, then emptied again (deleted, undone): as empty as when it was made.
        if editing.note.text.utf8Count == 0 { return discardUntouched(editing, in: &state) }
        state.untouchedNewNote = nil
      }
      keep(editing, edited: edited, in: &state)
      state.editing = nil
      return edited ? markEdited(&state) : .none
    case .discarded(let editing):
      // A new note whose only changes were thrown away is as empty as when it was made: it
      // goes, as after `n` then Esc (nano writes nothing for a new buffer left with `n`).
      if state.untouchedNewNote == editing.note.id {
        if editing.note.text.utf8Count == 0 { return discardUntouched(editing, in: &state) }
        state.untouchedNewNote = nil
      }
      // Ctrl-X's `n`: nano throws the changes away; here they are undone, and redo brings
      // them back, which the status line says.
      keep(editing, edited: true, in: &state)
      state.editing = nil
      state.notice = "Left “\(editing.note.title)” without its changes: Alt-E in it redoes them"
      return markEdited(&state)
    }
  }

  /// `n`, then Esc before a key was typed: the new note goes as if it had never been made (no
  /// "Untitled" note left behind, nothing to undo), and the note selected before it comes back.
  private func discardUntouched(
    _ editing: NoteEditing, in state: inout NotesState
  ) -> Effect<NotesAction> {
    let id = editing.note.id
    state.untouchedNewNote = nil
    state.editing = nil
    state.cutBuffer = editing.cutBuffer
    state.lastFind = editing.lastFind
    guard let index = state.notes.firstIndex(where: { $0.id == id }) else { return .none }
    let note = state.notes.remove(at: index)
    state.history[id] = nil
    // Handed over with text before (the autosave saved it): `u` brings that back, as after a
    // delete, so emptying a new note never loses what was saved.
    let hadText = note.text.utf8Count > 0
    if hadText { state.deletedNotes.append(.init(note: note, index: index)) }
    if state.filter?.matches.contains(id) == true { state.filter?.matches.remove(id) }
    if state.selectedID == id {
      state.selectedID = state.visibleNotes.first?.id
      state.cursor = state.selectedNote?.text.utf8Count ?? 0
    }
    state.notice =
      hadText
      ? "The new note was left empty: not kept (u brings back “\(note.title)”)"
      : "The new note was empty: not kept"
    return .merge(
      .send(.delegate(.deleted(NoteID(id)))), noteCountChanged(state), markEdited(&state))
  }

  /// Takes the note as the editor hands it over: its text, title and undo history, the cursor
  /// and the cut buffer. A note the editor changed (`edited`) becomes the newest. A note
  /// deleted in the meantime stays deleted.
  private func keep(_ editing: NoteEditing, edited: Bool, in state: inout NotesState) {
    state.cutBuffer = editing.cutBuffer
    state.lastFind = editing.lastFind
    let id = editing.note.id
    guard let index = state.notes.firstIndex(where: { $0.id == id }) else { return }
    state.history[id] = editing.history
    if state.selectedID == id { state.cursor = editing.cursor }
    // Never compared: comparing two versions of a 10 MB note is a read of both.
    guard edited else { return }
    state.notes[index].text = editing.note.text
    state.notes[index].title = editing.note.title
    state.notes[index].titleFollowsFirstLine = editing.note.titleFollowsFirstLine
    touch(&state, at: index)
    refilter(&state, note: id)
  }

  /// A save asked for (Ctrl-S in the list, or a host's): of what the open editor holds too.
  /// The editor hands the note over (at once: its output is sent to the list as it emits it),
  /// and the list saves then.
  func saveWithTheOpenNote(_ state: inout NotesState) -> Effect<NotesAction> {
    guard state.editing != nil else { return save(&state) }
    return .send(.internal(.editor(.presented(.input(.save)))))
  }

  /// The effect that sends the open editor `input`, when the note open in it is `id`; `nil`
  /// otherwise (the list changes the note itself then).
  func forwardToEditor(
    _ input: NoteEditorInput, ifOpenOn id: Int, in state: NotesState
  ) -> Effect<NotesAction>? {
    guard state.editing?.note.id == id else { return nil }
    return .send(.internal(.editor(.presented(.input(input)))))
  }
}
