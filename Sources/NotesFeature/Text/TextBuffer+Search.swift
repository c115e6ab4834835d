/// Searching a note for the list's filter, without lowercasing a copy of it.
extension TextBuffer {
  /// Whether the text contains `query`, which is lowercased, ignoring case. An ASCII query is
  /// matched byte by byte, folding ASCII letters, chunk by chunk (``FoldedSearch``); any other
  /// query compares the lowercased text.
  package func contains(lowercased query: String) -> Bool {
    let needle = Array(query.utf8)
    guard needle.allSatisfy({ $0 < 0x80 }) else {
      return needle.withUnsafeBufferPointer { contains(lowercasedBytes: $0) }
    }
    return needle.withUnsafeBufferPointer { contains(ascii: $0) }
  }

  /// Whether the lowercased text contains `needle` (the UTF-8 of a lowercased query), byte for
  /// byte; `anchor` as in ``FoldedSearch/firstIndex(of:in:anchor:)``. A text too short to hold
  /// the needle is not lowercased (``FoldedSearch/mayHold(_:lowercasing:)``).
  func contains(lowercasedBytes needle: UnsafeBufferPointer<UInt8>, anchor: Int? = nil) -> Bool {
    guard FoldedSearch.mayHold(needle.count, lowercasing: utf8Count) else { return false }
    return FoldedSearch.lowercased(string, contains: needle, anchor: anchor)
  }

  /// Where `query` first occurs at or after `start`, ignoring the case of ASCII letters (as
  /// nano's search does by default; other characters match exactly); `nil` when it does not.
  /// Reads the chunks from `start` on, a chunk and the seam with the next at a time.
  package func offset(of query: String, from start: Int) -> Int? {
    let needle = query.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
    guard !needle.isEmpty else { return nil }
    let start = min(max(0, start), utf8Count)
    var (index, within) = locate(start)
    var chunkStart = start - within
    let overlap = needle.count - 1
    return needle.withUnsafeBufferPointer { needle in
      while index < chunks.count {
        let found = chunks[index].bytes.withUnsafeBufferPointer { bytes in
          FoldedSearch.firstIndex(of: needle, in: UnsafeBufferPointer(rebasing: bytes[within...]))
        }
        if let found { return chunkStart + within + found }
        // A match across the seam with the next chunk, starting in this one.
        if overlap > 0, index + 1 < chunks.count {
          let tail = max(within, chunks[index].count - overlap)
          let seam = Array(chunks[index].bytes[tail...]) + chunks[index + 1].bytes.prefix(overlap)
          if let found = seam.withUnsafeBufferPointer({
            FoldedSearch.firstIndex(of: needle, in: $0)
          }), found < chunks[index].count - tail {
            return chunkStart + tail + found
          }
        }
        chunkStart += chunks[index].count
        index += 1
        within = 0
      }
      return nil
    }
  }

  /// Whether the text contains `needle` (lowercased ASCII bytes), ignoring ASCII case; `anchor`
  /// as in ``FoldedSearch/firstIndex(of:in:anchor:)``.
  func contains(ascii needle: UnsafeBufferPointer<UInt8>, anchor: Int? = nil) -> Bool {
    guard !needle.isEmpty else { return true }
    // A needle longer than the note is not looked for chunk by chunk and seam by seam.
    guard needle.count <= utf8Count else { return false }
    let overlap = needle.count - 1
    for index in chunks.indices {
      let found = chunks[index].bytes.withUnsafeBufferPointer {
        FoldedSearch.contains(needle, in: $0, anchor: anchor)
      }
      if found { return true }
      // A match across the boundary with the next chunk.
      if overlap > 0, index + 1 < chunks.count {
        let seam =
          Array(chunks[index].bytes.suffix(overlap)) + chunks[index + 1].bytes.prefix(overlap)
        if seam.withUnsafeBufferPointer({ FoldedSearch.contains(needle, in: $0, anchor: anchor) }) {
          return true
        }
      }
    }
    return false
  }
}
