import FeatureBridge
import NotesFeature
import StoreKernel

extension NotesView {
  /// What a render shows, read through one tracked read of the list's view store: the small
  /// values (``Fields``) with the stamps of the notes and of the filter, one word each, renewed
  /// by every change of them; the notes and the filter are then read untracked, only when the
  /// frame needs them. While the note editor is open, one more read of its view store
  /// (``EditorShown``). The render draws from this alone, so whatever it draws is tracked. Made
  /// and dropped within a render: a copy of the notes kept across a send would make the
  /// reducer's next edit copy them.
  @dynamicMemberLookup
  struct Shown {
    private let store: ViewStore<NotesState, NotesAction.ViewAction>
    let fields: Fields
    /// The open note, from its editor's view store: `nil` while no editor is open.
    let editor: EditorShown?

    /// The small values a render shows, read as one: each tracked read costs Observation a few
    /// key path hashes per key, so ten small reads cost more than the frame they track
    /// (docs/performance.md, "The notes view without a render key").
    struct Fields: Equatable {
      let notesStamp: Stamped<[Note]>.Stamp
      let filterStamp: Stamped<NoteFilter?>.Stamp
      let selectedID: Int?
      let cursor: Int
      let fieldCursor: Int
      let mode: NotesState.Mode
      let searchText: String
      let status: String?
      let hasUnsavedChanges: Bool
      let confirmation: ConfirmationDialogState<NotesAction.Confirmation>?
      /// Whether the note editor is open: keys go to it, and the note pane shows its note.
      let isEditing: Bool
      /// Whether the notes file is still being read: an empty list then says so, not "No notes".
      let isLoading: Bool
    }

    /// - Parameters:
    ///   - store: The list's view store.
    ///   - editor: The open editor's view store, asked for only while the list says one is open.
    init(
      _ store: ViewStore<NotesState, NotesAction.ViewAction>,
      editor: () -> ViewStore<NoteEditorState, NoteEditorAction.ViewAction>?
    ) {
      self.store = store
      fields = store.shownFields
      self.editor = fields.isEditing ? editor().map(EditorShown.init) : nil
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<Fields, Value>) -> Value {
      fields[keyPath: keyPath]
    }

    /// The notes, read untracked when a frame needs them (their stamp is tracked): a frame
    /// whose list is unchanged, typing into the open note, reads neither them nor the filter.
    var notes: [Note] { store.peek(\.notes) }
    /// The search's matches, read untracked like ``notes``.
    var filter: NoteFilter? { store.peek(\.filter) }

    /// The selected note, if any.
    var selectedNote: Note? {
      let notes = notes
      return NotesState.index(of: fields.selectedID, in: notes).map { notes[$0] }
    }
  }

  /// What a render shows of the open note, read from its editor's view store in one tracked
  /// read: the small values and the note's stamp, one word renewed by every change of the note
  /// (each tracked read costs Observation a few key path hashes per key). The note itself is
  /// then read untracked.
  @dynamicMemberLookup
  struct EditorShown {
    let note: Note
    let fields: Fields

    /// The editor's small values a render shows, and the note's stamp, read as one.
    struct Fields: Equatable {
      let noteStamp: Stamped<Note>.Stamp
      let cursor: Int
      let mode: NoteEditorState.Mode
      let fieldCursor: Int
      let notice: String?
      let hasUnreportedEdits: Bool
      /// Whether the mark is set (Alt-A): the status line says so, the marked text being
      /// unhighlighted.
      let hasMark: Bool
    }

    init(_ store: ViewStore<NoteEditorState, NoteEditorAction.ViewAction>) {
      fields = store.shownFields
      note = store.peek(\.note)
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<Fields, Value>) -> Value {
      fields[keyPath: keyPath]
    }
  }
}

extension NoteEditorState {
  /// The small values the notes' view shows of the open note.
  var shownFields: NotesView.EditorShown.Fields {
    .init(
      noteStamp: $note.stamp, cursor: cursor, mode: mode, fieldCursor: fieldCursor,
      notice: notice, hasUnreportedEdits: hasUnreportedEdits, hasMark: mark != nil)
  }
}

extension NotesState {
  /// The small values the notes' view shows.
  var shownFields: NotesView.Shown.Fields {
    .init(
      notesStamp: $notes.stamp, filterStamp: $filter.stamp, selectedID: selectedID, cursor: cursor,
      fieldCursor: fieldCursor, mode: mode,
      searchText: searchText, status: notice ?? status, hasUnsavedChanges: hasUnsavedChanges,
      confirmation: confirmation, isEditing: isEditing, isLoading: loadStatus == .loading)
  }
}
