/// Lines: where they start and end, and which line and column an offset is on. Each walks the
/// chunks' counts and scans at most the chunks that hold the answer, so a 10 MB note answers
/// as fast as a small one unless its lines are megabytes long.
extension TextBuffer {
  /// The number of lines: one more than the line breaks.
  package var lineCount: Int { newlineCount + 1 }

  /// The line (from 0) that `offset` is on.
  package func lineIndex(at offset: Int) -> Int {
    counts(before: offset).newlines
  }

  /// The code points before `offset`.
  package func scalarIndex(at offset: Int) -> Int {
    counts(before: offset).scalars
  }

  /// The start of the line `offset` is on: just after the line break before it, or 0.
  package func lineStart(at offset: Int) -> Int {
    let offset = min(max(0, offset), utf8Count)
    var (index, within) = locate(offset)
    var chunkStart = offset - within
    if index < chunks.count,
      let found = chunks[index].bytes[0..<within].lastIndex(of: 0x0A)
    {
      return chunkStart + found + 1
    }
    index -= 1
    while index >= 0 {
      chunkStart -= chunks[index].count
      if chunks[index].newlines > 0, let found = chunks[index].bytes.lastIndex(of: 0x0A) {
        return chunkStart + found + 1
      }
      index -= 1
    }
    return 0
  }

  /// The end of the line `offset` is on: the offset of its line break, or the text's end.
  package func lineEnd(at offset: Int) -> Int {
    let offset = min(max(0, offset), utf8Count)
    var (index, within) = locate(offset)
    var chunkStart = offset - within
    while index < chunks.count {
      if chunks[index].newlines > 0,
        let found = chunks[index].bytes[within...].firstIndex(of: 0x0A)
      {
        return chunkStart + found
      }
      chunkStart += chunks[index].count
      index += 1
      within = 0
    }
    return utf8Count
  }

  /// The start of line `line` (from 0); the text's end past the last line.
  package func lineStart(ofLine line: Int) -> Int {
    guard line > 0 else { return 0 }
    var seen = 0
    var chunkStart = 0
    for index in chunks.indices {
      let newlines = chunks[index].newlines
      if seen + newlines >= line {
        var wanted = line - seen
        for (position, byte) in chunks[index].bytes.enumerated() where byte == 0x0A {
          wanted -= 1
          if wanted == 0 { return chunkStart + position + 1 }
        }
      }
      seen += newlines
      chunkStart += chunks[index].count
    }
    return utf8Count
  }

  /// Line breaks and code points before `offset`.
  private func counts(before offset: Int) -> (newlines: Int, scalars: Int) {
    let offset = min(max(0, offset), utf8Count)
    let (index, within) = locate(offset)
    guard index < chunks.count else { return (newlineCount, scalarCount) }
    let partial = Chunk.counts(of: chunks[index].bytes[0..<within])
    let start = chunkStart(index)
    return (start.newlines + partial.newlines, start.scalars + partial.scalars)
  }

  /// The number of code points.
  private var scalarCount: Int {
    guard let chunk = chunks.last else { return 0 }
    return chunkStart(chunks.count - 1).scalars + chunk.scalars
  }
}
