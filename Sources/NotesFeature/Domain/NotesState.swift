package import FeatureBridge
package import StoreKernel

/// The notes feature's state.
package struct NotesState: Equatable, Sendable {
  package enum Mode: Equatable, Sendable {
    /// Moving through the list (also while the note editor is open: ``NotesState/editing``).
    case browsing
    /// Typing the search text.
    case searching
    /// Typing a new title for the selected note.
    case renaming(draft: String)
  }

  package enum LoadStatus: Equatable, Sendable {
    case loading
    case loaded
    case failed(String)
  }

  package struct DeletedNote: Equatable, Sendable {
    package var note: Note
    package var index: Int
  }

  /// Every note, newest edited first. Stamped: a view tracks it by its stamp (`$notes`), never
  /// by keeping and comparing the array.
  @Stamped package var notes: [Note] = []
  package var selectedID: Int?
  /// The cursor in the selected note's body, as a UTF-8 offset on a character boundary: where
  /// the editor opens it.
  package var cursor = 0
  package var mode: Mode = .browsing
  package var searchText = ""
  /// The cursor in the field being typed (the search text, or the new title), as a UTF-8
  /// offset.
  package var fieldCursor = 0
  /// The notes the search text matches; `nil` without search text. Stamped, as the notes are:
  /// its matches can hold 10,000 ids.
  @Stamped package var filter: NoteFilter?
  /// The note the note editor is open on, as the list presented it: the editor runs in a
  /// store of its own (``NoteEditorFeature``), and hands the note back through its outputs.
  @PresentationState package var editing: NoteEditing?
  /// How many times the editor was opened: each opening's id.
  package var editorOpenings = 0
  /// What the editors' Ctrl-K cut and Alt-6 copied, kept from one open note to the next.
  package var cutBuffer = ""
  /// The text last found in a note (Ctrl-W), kept from one open note to the next.
  package var lastFind = ""
  /// Each note's undo and redo, by note id.
  package var history: [Int: EditHistory] = [:]
  /// The notes deleted in this session, the last deleted last: `u` restores them one at a time,
  /// newest first, as far back as the session goes.
  package var deletedNotes: [DeletedNote] = []
  /// The note `n` made, while its editor is open for the first time: closed empty (nothing
  /// typed, everything typed deleted or undone, or its changes left with Ctrl-X's `n`), it
  /// goes, as if it had never been made, as nano writes nothing for a new buffer left empty.
  package var untouchedNewNote: Int?
  package var nextID = 1
  package var nextRevision = 1
  /// Bumped by every change that must be saved; a save records the count it wrote.
  package var editCount = 0
  package var savedEditCount = 0
  /// Edits wait for the autosave: set by an edit, cleared when a save of them begins (which
  /// cancels the wait).
  package var autosavePending = false
  /// Recovery files whose notes were restored at load; removed once a save holds those notes.
  package var restoredRecoveries: [String] = []
  /// The edit count at which the restored notes were added.
  package var restoredAtEditCount = 0
  /// The recovery file that holds the unsaved notes: written when the feature stops without
  /// saving them, and, while the notes file must not be written, by every save (a new file,
  /// then the one before removed), so a crash or a kill loses nothing kept.
  package var keptUnsavedAt: String?
  /// The edit count the recovery file holds.
  package var keptEditCount = 0
  /// A recovery file is being written; `keepAgain`: edits came meanwhile, so it is written
  /// again once it is done.
  package var keepingUnsaved = false
  package var keepAgain = false
  /// The feature is stopping: its final save keeps what it cannot save.
  package var isStopping = false
  package var savesInFlight = 0
  /// A save was asked for before the notes finished loading; it happens once they have.
  package var saveRequestedWhileLoading = false
  /// The feature was asked to stop (flush) before the notes finished loading: it flushes once
  /// they have.
  package var flushRequestedWhileLoading = false
  /// Host inputs that name or make notes, received before the notes finished loading.
  package var inputsWaitingForLoad: [NotesInput] = []
  /// Why the notes file must not be written (it cannot be read, this build does not accept it,
  /// another writer holds it); `nil` when it may. Saves are refused, and what they would have
  /// saved goes to a recovery file when the feature stops.
  package var writeRefusal: NotesStorageError?
  /// The notes file's own fields that this build does not know, as loaded: saved back with it.
  package var fileFields = UnknownFields()
  package var loadStatus: LoadStatus = .loading
  /// What saving last said ("Saved", or why it could not): replaced by the next save.
  package var status: String?
  /// What the last key did when it has something to say ("Deleted “X”: u to undo", "Search
  /// wrapped"): shown before ``status`` until the next key, so an autosave finishing a second
  /// later never hides it.
  package var notice: String?
  /// The question the list asks before it deletes a note (`d`), while it asks it: a
  /// confirmation dialog, drawn by whichever view shows the notes.
  @PresentationState package var confirmation: ConfirmationDialogState<NotesAction.Confirmation>?

  package init(notes: [Note] = []) {
    self.notes = notes
    self.nextID = (notes.map(\.id).max() ?? 0) + 1
    self.nextRevision = (notes.map(\.revision).max() ?? 0) + 1
    self.selectedID = notes.first?.id
  }

  package var hasUnsavedChanges: Bool { editCount != savedEditCount }

  /// Whether the notes file may be written.
  package var canSave: Bool { writeRefusal == nil }

  /// The document a save writes: the notes, with the file's fields this build does not know.
  package var document: NotesDocument { NotesDocument(notes: notes, unknownFields: fileFields) }

  /// What decides what a key does: the mode, and the question the list asks, if it asks one.
  /// One read per key for the view (the single-store builds count each as a derivation).
  package struct KeyContext: Sendable {
    package let mode: Mode
    package let confirmation: ConfirmationDialogState<NotesAction.Confirmation>?
    /// Whether the note editor is open: keys go to it.
    package let isEditing: Bool
  }

  package var keyContext: KeyContext {
    KeyContext(mode: mode, confirmation: confirmation, isEditing: isEditing)
  }

  /// Whether the note editor is open: keys go to it.
  package var isEditing: Bool { editing != nil }

  package var selectedIndex: Int? { Self.index(of: selectedID, in: notes) }

  /// Where the note with this id is in `notes`; the first is looked at first (the note being
  /// edited is the newest).
  package static func index(of id: Int?, in notes: [Note]) -> Int? {
    guard let id else { return nil }
    if notes.first?.id == id { return 0 }
    return notes.firstIndex { $0.id == id }
  }

  package var selectedNote: Note? { selectedIndex.map { notes[$0] } }

  /// The notes the list shows: all of them, or those the search text matches.
  package var visibleNotes: [Note] {
    guard let filter else { return notes }
    return notes.filter { filter.matches.contains($0.id) }
  }

  /// Whether the list shows the note with this id.
  package func isVisible(_ id: Int) -> Bool {
    filter?.matches.contains(id) ?? notes.contains { $0.id == id }
  }
}
