/// Searching a note for the list's filter, without lowercasing a copy of it.
extension TextBuffer {
  /// Whether the text contains `query`, which is lowercased, ignoring case. An ASCII query is
  /// matched byte by byte, folding ASCII letters, chunk by chunk; any other query compares the
  /// lowercased text.
  package func contains(lowercased query: String) -> Bool {
    let needle = Array(query.utf8)
    guard !needle.isEmpty else { return true }
    guard needle.allSatisfy({ $0 < 0x80 }) else { return string.lowercased().contains(query) }
    let overlap = needle.count - 1
    for index in chunks.indices {
      if Self.find(needle, in: chunks[index].bytes[...]) { return true }
      // A match across the boundary with the next chunk.
      if overlap > 0, index + 1 < chunks.count {
        let tail = chunks[index].bytes.suffix(overlap)
        let head = chunks[index + 1].bytes.prefix(overlap)
        if Self.find(needle, in: (Array(tail) + Array(head))[...]) { return true }
      }
    }
    return false
  }

  /// Whether `bytes` contain `needle` (lowercased ASCII), folding ASCII capitals.
  private static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count >= needle.count else { return false }
    return bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        let first = needle[0]
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
          if fold(haystack[start]) == first {
            var matched = 1
            while matched < needle.count, fold(haystack[start + matched]) == needle[matched] {
              matched += 1
            }
            if matched == needle.count { return true }
          }
          start += 1
        }
        return false
      }
    }
  }

  private static func fold(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
