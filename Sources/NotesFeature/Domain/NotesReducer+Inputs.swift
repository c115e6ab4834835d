import FeatureBridge
import StoreKernel

/// What a host asks of the notes, through their inputs: everything a user can do in the view
/// that changes the notes, without pressing a key.
extension NotesReducer {
  func reduce(into state: inout NotesState, input: NotesInput) -> Effect<NotesAction> {
    // Until the file is loaded, note ids are not final (notes made meanwhile are renumbered
    // after the loaded ones): inputs that name or make notes wait for the load, and every
    // input after one that waits waits too, so inputs are never handled out of order.
    if state.loadStatus == .loading, input.waitsForTheNotes || !state.inputsWaitingForLoad.isEmpty {
      state.inputsWaitingForLoad.append(input)
      return .none
    }
    switch input {
    case .save:
      return saveWithTheOpenNote(&state)
    case .search(let text):
      state.searchText = text
      state.fieldCursor = text.utf8.count
      refilter(&state)
      keepSelectionVisible(&state)
      return .none
    case .create(let title, let body):
      let trimmed = title.trimmingWhitespace
      let name = trimmed.isEmpty ? "Untitled \(state.nextID)" : trimmed
      return createNote(
        &state, title: name, body: Self.normalizedNewlines(body), startEditing: false)
    case .select(let id):
      guard let note = state.notes.first(where: { $0.id == id.rawValue }) else { return .none }
      state.selectedID = note.id
      state.cursor = note.text.utf8Count
      return .none
    case .replaceText(let id, let text):
      // The open note is the editor's to change: it hands the change back like its own.
      if let forward = forwardToEditor(.replaceText(text), ifOpenOn: id.rawValue, in: state) {
        return forward
      }
      return change(id, in: &state) { $0.text = TextBuffer(Self.normalizedNewlines(text)) }
    case .appendText(let id, let text):
      if let forward = forwardToEditor(.appendText(text), ifOpenOn: id.rawValue, in: state) {
        return forward
      }
      return change(id, in: &state) {
        $0.text.insert(Self.normalizedNewlines(text), at: $0.text.utf8Count)
      }
    case .rename(let id, let title):
      let trimmed = title.trimmingWhitespace
      let newTitle = trimmed.isEmpty ? "Untitled" : trimmed
      let renamed = change(id, in: &state) {
        $0.title = newTitle
        $0.titleFollowsFirstLine = false
      }
      // The open note's title is the editor's too: it keeps the new one.
      let forward = forwardToEditor(.rename(newTitle), ifOpenOn: id.rawValue, in: state)
      return .merge(forward ?? .none, renamed)
    case .delete(let id):
      guard let index = state.notes.firstIndex(where: { $0.id == id.rawValue }) else {
        return .none
      }
      return delete(at: index, in: &state)
    }
  }

  /// Inputs held back while the notes load, handled in order once they have.
  func replayInputsWaitingForLoad(_ state: inout NotesState) -> Effect<NotesAction> {
    let waiting = state.inputsWaitingForLoad
    state.inputsWaitingForLoad = []
    return .merge(waiting.map { reduce(into: &state, input: $0) })
  }

  /// Changes one note as an edit: it becomes the newest, and the change will be saved. The
  /// note's undo history is dropped (its offsets may no longer fit the text) and the filter
  /// checks it again.
  private func change(
    _ id: NoteID, in state: inout NotesState, _ update: (inout Note) -> Void
  ) -> Effect<NotesAction> {
    guard let index = state.notes.firstIndex(where: { $0.id == id.rawValue }) else {
      return .none
    }
    update(&state.notes[index])
    state.history[id.rawValue] = nil
    if state.selectedID == id.rawValue {
      let text = state.notes[index].text
      state.cursor = text.characterBoundary(atOrAfter: min(state.cursor, text.utf8Count))
    }
    refilter(&state, note: id.rawValue)
    return bodyChanged(&state, at: index)
  }
}

extension NotesInput {
  /// Whether this input names or makes notes, and so must wait until the notes are loaded.
  var waitsForTheNotes: Bool {
    switch self {
    case .save, .search: false
    case .create, .select, .replaceText, .appendText, .rename, .delete: true
    }
  }
}
