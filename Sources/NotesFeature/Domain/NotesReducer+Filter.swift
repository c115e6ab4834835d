import StoreKernel

/// Keeping ``NoteFilter`` in step with the search text and the notes.
extension NotesReducer {
  /// Works the matches out again for the current search text: only the previous matches are
  /// checked when the new text contains the old one (typing narrows a search), and a text a
  /// Backspace returns to takes the matches it had, when no note changed since.
  func refilter(_ state: inout NotesState) {
    let query = state.searchText.lowercased()
    guard !query.isEmpty else {
      state.filter = nil
      return
    }
    if let filter = state.filter, filter.query == query { return }
    if let filter = state.filter,
      let kept = filter.narrowed.lastIndex(where: { $0.query == query }),
      filter.narrowed[kept].editCount == state.editCount
    {
      var wider = NoteFilter(query: query, matches: filter.narrowed[kept].matches)
      wider.narrowed = Array(filter.narrowed[..<kept])
      state.filter = wider
      return
    }
    let narrowing = state.filter.flatMap { Self.query(query, narrows: $0.query) ? $0 : nil }
    var filter = NoteFilter(
      query: query,
      matches: Self.matches(of: query, in: state.notes, among: narrowing?.matches))
    if let narrowing {
      filter.narrowed =
        (narrowing.narrowed
        + [.init(query: narrowing.query, matches: narrowing.matches, editCount: state.editCount)])
        .suffix(NoteFilter.keptWider)
    }
    state.filter = filter
  }

  /// Whether every note that matches `query` matches `wider` too: `query` contains it. Both
  /// are lowercased, so their bytes are compared; typing at the end of a search (the usual
  /// case) is a prefix check. (`String.contains` built a table of a pasted query's characters
  /// on every key.)
  static func query(_ query: String, narrows wider: String) -> Bool {
    var query = query
    var wider = wider
    return query.withUTF8 { query in
      wider.withUTF8 { wider in
        guard wider.count <= query.count else { return false }
        if UnsafeBufferPointer(rebasing: query[..<wider.count]).elementsEqual(wider) {
          return true
        }
        return FoldedSearch.contains(wider, in: query)
      }
    }
  }

  /// The ids of `notes` that match `query`, of `candidates` when given. Notes are read by
  /// index, each lent to the matcher (a copy of each was 40% of a search key's cost in 10,000
  /// notes), and when every candidate still matches, the candidates are the answer, not a copy.
  static func matches(of query: String, in notes: [Note], among candidates: Set<Int>?) -> Set<Int> {
    // Nothing matched a query this one narrows: nothing matches it either.
    if let candidates, candidates.isEmpty { return candidates }
    let matching = NoteFilter.matcher(for: query)
    // Through the buffer: its subscript lends each note in place, where the array's copied
    // it for the closure (a retain of each of its references, per note, per key).
    return notes.withUnsafeBufferPointer { notes in
      guard let candidates else {
        var matches = Set<Int>(minimumCapacity: notes.count)
        for index in notes.indices where matching(notes[index]) { matches.insert(notes[index].id) }
        return matches
      }
      var kept: [Int] = []
      kept.reserveCapacity(candidates.count)
      for index in notes.indices where candidates.contains(notes[index].id) {
        if matching(notes[index]) { kept.append(notes[index].id) }
      }
      return kept.count == candidates.count ? candidates : Set(kept)
    }
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
    let first = state.filter.map { filter in
      // No match, no note to look for (a long pasted search matches none).
      filter.matches.isEmpty ? nil : state.notes.first { filter.matches.contains($0.id) }
    }
    let note = first ?? state.notes.first
    state.selectedID = note?.id
    state.cursor = note?.text.utf8Count ?? 0
  }
}
