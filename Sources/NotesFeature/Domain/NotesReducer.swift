import FeatureBridge
package import StoreKernel

/// The notes feature's logic: the list, which presents the note editor as a feature of its own
/// (``NoteEditorFeature``). Shared steps (touching a note, arming the autosave, saving) are
/// methods, never extra actions: a keystroke is exactly one action.
package struct NotesReducer: Reducer {
  @Dependency(\.notesStorage) var storage
  @Dependency(\.notesAutosaveDelay) var autosaveDelay
  @Dependency(\.clock) var clock

  /// The list's own logic, and the note editor it presents: started when ``NotesState/editing``
  /// is set, stopped when it is set to `nil`, its outputs received as
  /// ``NotesAction/InternalAction/editor(_:)`` actions. `nil` in the list's logic itself.
  private let presentingTheEditor: Reduce<NotesState, NotesAction>?

  package init() {
    let list = NotesReducer(presentingTheEditor: nil)
    presentingTheEditor = Reduce<NotesState, NotesAction> { state, action in
      list.reduceList(into: &state, action: action)
    }
    .ifLet(\.$editing, action: NotesAction.editorPath, feature: NoteEditorFeature.launcher)
  }

  private init(presentingTheEditor: Reduce<NotesState, NotesAction>?) {
    self.presentingTheEditor = presentingTheEditor
  }

  package func reduce(into state: inout NotesState, action: NotesAction) -> Effect<NotesAction> {
    guard let presentingTheEditor else { return reduceList(into: &state, action: action) }
    return presentingTheEditor.reduce(into: &state, action: action)
  }

  /// The store's start, passed on: an editor already open in the initial state starts then.
  package func reduceStoreStart(into state: inout NotesState) -> Effect<NotesAction> {
    presentingTheEditor?.reduceStoreStart(into: &state) ?? .none
  }

  private func reduceList(
    into state: inout NotesState, action: NotesAction
  ) -> Effect<NotesAction> {
    switch action {
    case .view(let action):
      return reduce(into: &state, view: action)
    case .input(let input):
      return reduce(into: &state, input: input)
    case .internal(let action):
      return reduce(into: &state, internal: action)
    case .delegate:
      return .none
    }
  }

  private func reduce(
    into state: inout NotesState, view action: NotesAction.ViewAction
  ) -> Effect<NotesAction> {
    // What the last key said lasts until this one.
    if state.notice != nil { state.notice = nil }
    switch action {
    case .createNoteTapped:
      state.untouchedNewNote = state.nextID
      return createNote(&state, title: "Untitled \(state.nextID)", titleFollowsFirstLine: true)
    case .deleteSelectedTapped:
      guard let note = state.selectedNote else { return .none }
      state.confirmation = Self.deleteConfirmation(of: note)
      return .none
    case .confirmation(let answer):
      return confirm(answer, in: &state)
    case .undoDeleteTapped:
      guard let deleted = state.deletedNotes.popLast() else {
        state.notice = Self.nothingToUndo
        return .none
      }
      state.notes.insert(deleted.note, at: min(deleted.index, state.notes.count))
      refilter(&state, note: deleted.note.id)
      state.selectedID = deleted.note.id
      state.cursor = deleted.note.text.utf8Count
      state.notice = "Restored “\(deleted.note.title)”"
      return .merge(noteCountChanged(state), markEdited(&state))
    case .selectNext:
      moveSelection(&state, by: 1)
      return .none
    case .selectPrevious:
      moveSelection(&state, by: -1)
      return .none
    case .selectionMoved(let step):
      moveSelection(&state, by: step)
      return .none
    case .selectFirst:
      moveSelection(&state, by: Int.min)
      return .none
    case .selectLast:
      moveSelection(&state, by: Int.max)
      return .none
    case .editTapped:
      guard let note = state.selectedNote else { return .none }
      openEditor(on: note, in: &state)
      return .none
    case .searchTapped:
      state.mode = .searching
      state.fieldCursor = state.searchText.utf8.count
      return .none
    case .renameTapped:
      guard let note = state.selectedNote else { return .none }
      state.mode = .renaming(draft: note.title)
      state.fieldCursor = note.title.utf8.count
      return .none
    case .escapeTapped:
      // Esc leaves a search and clears its text; pressed again while browsing with a kept
      // filter, it clears the filter too.
      if state.mode == .searching || state.mode == .browsing {
        state.searchText = ""
        state.filter = nil
        keepSelectionVisible(&state)
      }
      state.mode = .browsing
      return .none
    case .saveTapped:
      return saveWithTheOpenNote(&state)
    case .text(let key):
      return edit(&state, key)
    }
  }

  /// Moves the selection `step` notes through the visible ones, stopping at the ends.
  private func moveSelection(_ state: inout NotesState, by step: Int) {
    let visible = state.visibleNotes
    guard !visible.isEmpty else { return }
    let next: Int
    if let current = visible.firstIndex(where: { $0.id == state.selectedID }) {
      let (sum, overflow) = current.addingReportingOverflow(step)
      next = overflow ? (step > 0 ? visible.count - 1 : 0) : min(max(sum, 0), visible.count - 1)
    } else {
      next = step == Int.max ? visible.count - 1 : 0
    }
    state.selectedID = visible[next].id
    state.cursor = visible[next].text.utf8Count
  }

  // MARK: - Shared steps

  enum CancelID: Hashable, Sendable { case autosave }

  /// What `u` says when no delete is left to undo.
  package static let nothingToUndo = "Nothing to undo: no note was deleted in this session"

  /// The message a save that left nothing unsaved shows.
  package static let savedStatus = "Saved"

  /// Adds a note on top and selects it; from the view it starts editing it, from a host it
  /// does not change what the user is doing.
  func createNote(
    _ state: inout NotesState, title: String, body: String = "", startEditing: Bool = true,
    titleFollowsFirstLine: Bool = false
  ) -> Effect<NotesAction> {
    let note = Note(
      id: state.nextID, title: title, body: body, revision: state.nextRevision,
      titleFollowsFirstLine: titleFollowsFirstLine)
    state.nextID += 1
    state.nextRevision += 1
    state.notes.insert(note, at: 0)
    state.selectedID = note.id
    state.cursor = note.text.utf8Count
    if startEditing { openEditor(on: note, in: &state) }
    state.searchText = ""
    state.filter = nil
    state.status = nil
    return .merge(
      .send(.delegate(.created(NoteID(note.id), title: note.title))), noteCountChanged(state),
      markEdited(&state))
  }

  /// The question asked before `note` is deleted.
  static func deleteConfirmation(of note: Note) -> ConfirmationDialogState<NotesAction.Confirmation>
  {
    ConfirmationDialogState(titleVisibility: .visible) {
      TextState("Delete “\(note.title)”?")
    } actions: {
      ButtonState(role: .destructive, action: .deleteNote(id: note.id)) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Keep") }
    }
  }

  /// An answer to the confirmation dialog, with TCA's semantics for one presented without a
  /// child reducer: a button's action runs, then the dialog goes; `.dismiss` (its cancel
  /// button) only dismisses it. An answer while no dialog is shown is reported and does
  /// nothing: a stale key must not delete a note nobody was asked about.
  private func confirm(
    _ answer: PresentationAction<NotesAction.Confirmation>, in state: inout NotesState
  ) -> Effect<NotesAction> {
    guard state.confirmation != nil else {
      IssueReporter.report(
        "The notes received an answer to a confirmation while none was asked: \(answer). It "
          + "did nothing.")
      return .none
    }
    state.confirmation = nil
    switch answer {
    case .dismiss:
      return .none
    case .presented(.deleteNote(let id)):
      guard let index = state.notes.firstIndex(where: { $0.id == id }) else { return .none }
      return delete(at: index, in: &state)
    }
  }

  /// Deletes a note, keeping it for undo, and selects the visible note that takes its place in
  /// the list (the next older one), or the one above it when it was the last.
  func delete(at index: Int, in state: inout NotesState) -> Effect<NotesAction> {
    let shownAt =
      state.selectedID == state.notes[index].id
      ? state.visibleNotes.firstIndex { $0.id == state.notes[index].id } : nil
    let note = state.notes.remove(at: index)
    state.deletedNotes.append(.init(note: note, index: index))
    state.history[note.id] = nil
    if state.filter?.matches.contains(note.id) == true { state.filter?.matches.remove(note.id) }
    // The note open in the editor goes with it: what the editor had not handed over yet was
    // an edit of the deleted note (undo brings the note back as the list last had it).
    if state.editing?.note.id == note.id { state.editing = nil }
    if state.untouchedNewNote == note.id { state.untouchedNewNote = nil }
    if state.selectedID == note.id {
      // By place, not by revision: notes loaded from a file may share one.
      let visible = state.visibleNotes
      state.selectedID = visible.isEmpty ? nil : visible[min(shownAt ?? 0, visible.count - 1)].id
      state.cursor = state.selectedNote?.text.utf8Count ?? 0
    }
    state.notice = "Deleted “\(note.title)”: u to undo"
    return .merge(
      .send(.delegate(.deleted(NoteID(note.id)))), noteCountChanged(state), markEdited(&state))
  }

  /// Records an unsaved change and makes sure an autosave will follow: `autosaveDelay` after
  /// the last edit, and no later than ``autosaveMaxWait`` after the first unsaved one.
  func markEdited(_ state: inout NotesState) -> Effect<NotesAction> {
    recordEdit(&state)
    if !state.autosavePending { state.autosavePending = true }
    // One timer per burst of edits, not a task per edit: each edit only moves the deadline.
    return .send(.internal(.autosaveDue))
      .debounce(id: CancelID.autosave, for: autosaveDelay, maxWait: autosaveMaxWait, clock: clock)
  }

  /// Records an unsaved change, without arming the autosave: for a change saved at once.
  func recordEdit(_ state: inout NotesState) {
    state.editCount += 1
    // "Saved" was true of the notes before this edit; the status line says they are unsaved.
    if state.status == Self.savedStatus { state.status = nil }
  }

  /// The longest typing may go on unsaved: five quiet delays (5 s by default). Steady typing
  /// never pauses long enough for the quiet-period save, so this bounds what a crash can lose.
  var autosaveMaxWait: Duration { autosaveDelay * 5 }

  /// The autosave's deadline came: save the edits it waited for, unless a save of them began
  /// meanwhile (which cancels the wait).
  func autosaveDue(_ state: inout NotesState) -> Effect<NotesAction> {
    guard state.autosavePending else { return .none }
    state.autosavePending = false
    return save(&state)
  }

  /// A save of every edit so far is beginning: the autosave no longer waits for them.
  func stopAutosave(_ state: inout NotesState) -> Effect<NotesAction> {
    guard state.autosavePending else { return .none }
    state.autosavePending = false
    return .cancel(id: CancelID.autosave)
  }

  func noteCountChanged(_ state: NotesState) -> Effect<NotesAction> {
    .send(.delegate(.noteCountChanged(state.notes.count)))
  }
}
