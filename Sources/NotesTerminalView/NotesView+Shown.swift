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
    }

    init(_ store: ViewStore<NotesState, NotesAction.ViewAction>) {
      notes = store.$notes
      filter = store.$filter
      fields = store.shownFields
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<Fields, Value>) -> Value {
      fields[keyPath: keyPath]
    }

    /// The selected note, if any.
    var selectedNote: Note? { NotesState.index(of: fields.selectedID, in: notes).map { notes[$0] } }
  }
}

extension NotesState {
  /// The small values the notes' view shows.
  var shownFields: NotesView.Shown.Fields {
    .init(
      selectedID: selectedID, cursor: cursor, fieldCursor: fieldCursor, mode: mode,
      searchText: searchText, status: notice ?? status, hasUnsavedChanges: hasUnsavedChanges,
      confirmation: confirmation)
  }
}
