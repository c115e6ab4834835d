/// Searching a note for the list's filter, without lowercasing a copy of it.
extension TextBuffer {
  /// Whether the text contains `query`, which is lowercased, ignoring case. An ASCII query is
  /// matched byte by byte, folding ASCII letters, chunk by chunk (``FoldedSearch``); any other
  /// query compares the lowercased text.
  package func contains(lowercased query: String) -> Bool {
    let needle = Array(query.utf8)
    guard needle.allSatisfy({ $0 < 0x80 }) else { return string.lowercased().contains(query) }
    return needle.withUnsafeBufferPointer { contains(ascii: $0) }
  }

  /// Whether the text contains `needle` (lowercased ASCII bytes), ignoring ASCII case.
  func contains(ascii needle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !needle.isEmpty else { return true }
    let overlap = needle.count - 1
    for index in chunks.indices {
      let found = chunks[index].bytes.withUnsafeBufferPointer {
        FoldedSearch.contains(needle, in: $0)
      }
      if found { return true }
      // A match across the boundary with the next chunk.
      if overlap > 0, index + 1 < chunks.count {
        let seam =
          Array(chunks[index].bytes.suffix(overlap)) + chunks[index + 1].bytes.prefix(overlap)
        if seam.withUnsafeBufferPointer({ FoldedSearch.contains(needle, in: $0) }) {
          return true
        }
      }
    }
    return false
  }
}
