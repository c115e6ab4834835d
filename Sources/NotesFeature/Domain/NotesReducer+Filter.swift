import StoreKernel

/// Keeping ``NoteFilter`` in step with the search text and the notes.
extension NotesReducer {
  /// Works the matches out again for the current search text: only the previous matches are
  /// checked when the new text contains the old one (typing narrows a search).
  func refilter(_ state: inout NotesState) {
    let query = state.searchText.lowercased()
    guard !query.isEmpty else {
      state.filter = nil
      return
    }
    if let filter = state.filter, filter.query == query { return }
    let candidates = state.filter.flatMap { query.contains($0.query) ? $0.matches : nil }
    let matching = NoteFilter.matcher(for: query)
    var matches = Set<Int>(minimumCapacity: candidates?.count ?? state.notes.count)
    for note in state.notes where candidates?.contains(note.id) ?? true {
      if matching(note) { matches.insert(note.id) }
    }
    state.filter = NoteFilter(query: query, matches: matches)
  }

  /// Checks one note against the filter again: after it was added, or changed by a host.
  func refilter(_ state: inout NotesState, note id: Int) {
    guard let filter = state.filter else { return }
    guard let note = state.notes.first(where: { $0.id == id }),
      NoteFilter.note(note, matches: filter.query)
    else {
      if filter.matches.contains(id) { state.filter?.matches.remove(id) }
      return
    }
    if !filter.matches.contains(id) { state.filter?.matches.insert(id) }
  }

  /// Selects the first visible note when the selected one is filtered out.
  func keepSelectionVisible(_ state: inout NotesState) {
    if let selectedID = state.selectedID, state.isVisible(selectedID) { return }
    let first = state.filter.map { filter in state.notes.first { filter.matches.contains($0.id) } }
    let note = first ?? state.notes.first
    state.selectedID = note?.id
    state.cursor = note?.text.utf8Count ?? 0
  }
}
