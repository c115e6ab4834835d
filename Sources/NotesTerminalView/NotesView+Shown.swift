import FeatureBridge
import NotesFeature
import StoreKernel

extension NotesView {
  /// What a render shows, read through three tracked reads of the view store: the notes and
  /// the filter by their stamps, and the small values (``Fields``) as one value. The render
  /// draws from this alone, so whatever it draws is tracked. Made and dropped within a render:
  /// kept across a send, its notes would make the reducer's next edit copy the note being typed
  /// into.
  @dynamicMemberLookup
  struct Shown {
    let notes: [Note]
    let filter: NoteFilter?
    let fields: Fields
    /// The open note, from its editor's view store: `nil` while no editor is open.
    let editor: EditorShown?

    /// The small values a render shows, read as one: each tracked read costs Observation a few
    /// key path hashes per key, so ten small reads cost more than the frame they track
    /// (docs/performance.md, "The notes view without a render key").
    struct Fields: Equatable {
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
    }

    init(
      _ store: ViewStore<NotesState, NotesAction.ViewAction>,
      editor: ViewStore<NoteEditorState, NoteEditorAction.ViewAction>?
    ) {
      notes = store.$notes
      filter = store.$filter
      fields = store.shownFields
      self.editor = editor.map(EditorShown.init)
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<Fields, Value>) -> Value {
      fields[keyPath: keyPath]
    }

    /// The selected note, if any.
    var selectedNote: Note? { NotesState.index(of: fields.selectedID, in: notes).map { notes[$0] } }
  }

  /// What a render shows of the open note, read from its editor's view store in two tracked
  /// reads: the note by its stamp, and the small values as one.
  @dynamicMemberLookup
  struct EditorShown {
    let note: Note
    let fields: Fields

    /// The editor's small values a render shows, read as one.
    struct Fields: Equatable {
      let cursor: Int
      let mode: NoteEditorState.Mode
      let fieldCursor: Int
      let notice: String?
      let hasUnreportedEdits: Bool
    }

    init(_ store: ViewStore<NoteEditorState, NoteEditorAction.ViewAction>) {
      note = store.$note
      fields = store.shownFields
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
      cursor: cursor, mode: mode, fieldCursor: fieldCursor, notice: notice,
      hasUnreportedEdits: hasUnreportedEdits)
  }
}

extension NotesState {
  /// The small values the notes' view shows.
  var shownFields: NotesView.Shown.Fields {
    .init(
      selectedID: selectedID, cursor: cursor, fieldCursor: fieldCursor, mode: mode,
      searchText: searchText, status: notice ?? status, hasUnsavedChanges: hasUnsavedChanges,
      confirmation: confirmation, isEditing: isEditing)
  }
}
