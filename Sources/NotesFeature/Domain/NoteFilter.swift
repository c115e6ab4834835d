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
  /// The wider filters this one narrowed, widest first, with the edit count of the notes they
  /// hold for: Backspace back to one of them takes its matches again instead of searching every
  /// note (typing "word 7" and deleting it searched 10,000 notes six times). A cache: not part
  /// of what the filter is, so not of its equality.
  var narrowed: [Wider] = []

  /// A filter kept while a narrower one is in use.
  struct Wider: Sendable {
    var query: String
    var matches: Set<Int>
    var editCount: Int
  }

  /// How many wider filters are kept.
  static let keptWider = 8

  package init(query: String, matches: Set<Int>) {
    self.query = query
    self.matches = matches
  }

  /// Two filters are equal when their queries and matches are.
  package static func == (lhs: NoteFilter, rhs: NoteFilter) -> Bool {
    lhs.query == rhs.query && lhs.matches == rhs.matches
  }

  /// Whether `note`'s title or body contains `query` (lowercased), ignoring case.
  package static func note(_ note: Note, matches query: String) -> Bool {
    matcher(for: query)(note)
  }

  /// A test for many notes against one query (lowercased), made once: the query's bytes and
  /// the byte the search looks for are worked out here, not per note. An ASCII query is
  /// searched for as bytes in titles and bodies alike, without a copy of either; any other
  /// query in the lowercased title and body, as bytes too, and only in a text long enough to
  /// hold it (a pasted query of 50 KB against 5,000 short notes costs a length check each).
  static func matcher(for query: String) -> (borrowing Note) -> Bool {
    let needle = Array(query.utf8)
    // Which of the query's bytes the search looks for, once for every note.
    let anchor = needle.withUnsafeBufferPointer { FoldedSearch.rarestIndex(in: $0) }
    guard needle.allSatisfy({ $0 < 0x80 }) else {
      return { note in
        needle.withUnsafeBufferPointer { needle in
          FoldedSearch.lowercased(note.title, contains: needle, anchor: anchor)
            || note.text.contains(lowercasedBytes: needle, anchor: anchor)
        }
      }
    }
    return { note in
      needle.withUnsafeBufferPointer { needle in
        FoldedSearch.contains(needle, in: note.title, anchor: anchor)
          || note.text.contains(ascii: needle, anchor: anchor)
      }
    }
  }
}
