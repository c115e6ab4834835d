/// The notes feature's state.
package struct NotesState: Equatable, Sendable {
  package enum Mode: Equatable, Sendable {
    /// Moving through the list.
    case browsing
    /// Typing in the selected note's body.
    case editing
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

  /// Every note, newest edited first.
  package var notes: [Note] = []
  package var selectedID: Int?
  /// The cursor in the selected note's body, as a UTF-8 offset on a character boundary.
  package var cursor = 0
  package var mode: Mode = .browsing
  package var searchText = ""
  package var lastDeleted: DeletedNote?
  package var nextID = 1
  package var nextRevision = 1
  /// Bumped by every change that must be saved; a save records the count it wrote.
  package var editCount = 0
  package var savedEditCount = 0
  package var autosaveArmed = false
  /// Recovery files whose notes were restored at load; removed once a save holds those notes.
  package var restoredRecoveries: [String] = []
  /// The edit count at which the restored notes were added.
  package var restoredAtEditCount = 0
  /// Where the unsaved notes were kept when the feature stopped without saving them.
  package var keptUnsavedAt: String?
  package var savesInFlight = 0
  /// A save was asked for before the notes finished loading; it happens once they have.
  package var saveRequestedWhileLoading = false
  /// The feature was asked to stop (flush) before the notes finished loading: it flushes once
  /// they have.
  package var flushRequestedWhileLoading = false
  /// Host inputs that name or make notes, received before the notes finished loading.
  package var inputsWaitingForLoad: [NotesInput] = []
  /// False when the notes file exists but cannot be read: it must never be overwritten.
  package var canSave = true
  package var loadStatus: LoadStatus = .loading
  package var status: String?

  package init(notes: [Note] = []) {
    self.notes = notes
    self.nextID = (notes.map(\.id).max() ?? 0) + 1
    self.nextRevision = (notes.map(\.revision).max() ?? 0) + 1
    self.selectedID = notes.first?.id
  }

  /// What the view draws, reduced to values that change when the drawing may: cheap to
  /// derive and compare on every keystroke.
  package struct RenderKey: Equatable, Sendable {
    var selectedID: Int?
    var cursor: Int
    var editCount: Int
    var noteCount: Int
    var mode: Mode
    var searchText: String
    var status: String?
    var loadStatus: LoadStatus
    var hasUnsavedChanges: Bool
  }

  package var renderKey: RenderKey {
    RenderKey(
      selectedID: selectedID, cursor: cursor, editCount: editCount, noteCount: notes.count,
      mode: mode, searchText: searchText, status: status, loadStatus: loadStatus,
      hasUnsavedChanges: hasUnsavedChanges)
  }

  package var hasUnsavedChanges: Bool { editCount != savedEditCount }

  package var selectedIndex: Int? {
    guard let selectedID else { return nil }
    if notes.first?.id == selectedID { return 0 }
    return notes.firstIndex { $0.id == selectedID }
  }

  package var selectedNote: Note? { selectedIndex.map { notes[$0] } }

  /// The notes the list shows: those whose title or body contains the search text, ignoring
  /// case.
  package var visibleNotes: [Note] {
    let query = searchText.lowercased()
    guard !query.isEmpty else { return notes }
    return notes.filter {
      $0.title.lowercased().contains(query) || $0.body.lowercased().contains(query)
    }
  }
}
