/// Which notes the search text matches, kept in the state so that neither the list nor the
/// selection filters every note on every frame or key.
///
/// It is worked out when the search text changes: typing one more character only narrows the
/// previous matches, so a search through 10,000 notes checks them all on its first key and
/// fewer on each key after. A note edited while the filter is on stays as it was (the note
/// being edited does not vanish from the list); a note a host changes is checked again.
package struct NoteFilter: Equatable, Sendable {
  /// The lowercased search text the matches are for.
  package var query: String
  /// The ids of the notes whose title or body contains the query, ignoring case.
  package var matches: Set<Int>

  package init(query: String, matches: Set<Int>) {
    self.query = query
    self.matches = matches
  }

  /// Whether `note`'s title or body contains `query` (lowercased), ignoring case.
  package static func note(_ note: Note, matches query: String) -> Bool {
    note.title.lowercased().contains(query) || note.text.contains(lowercased: query)
  }
}
