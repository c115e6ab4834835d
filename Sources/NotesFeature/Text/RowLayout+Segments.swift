/// Segments, and wrapping one into rows: the only place rows are made.
extension RowLayout {
  /// The segment `offset` is in: its line, or the section of a line longer than
  /// ``sectionLength``.
  package func segment(containing offset: Int, in text: TextBuffer) -> Segment {
    let lineStart = text.lineStart(at: offset)
    let lineEnd = text.lineEnd(at: offset)
    guard lineEnd - lineStart > Self.sectionLength else {
      return Segment(start: lineStart, end: lineEnd, endsLine: true)
    }
    func sectionStart(_ section: Int) -> Int {
      guard section > 0 else { return lineStart }
      let target = lineStart + section * Self.sectionLength
      return target < lineEnd ? text.characterBoundary(atOrAfter: target) : lineEnd
    }
    var section = (offset - lineStart) / Self.sectionLength
    var start = sectionStart(section)
    while section > 0, start > offset || start == lineEnd {
      section -= 1
      start = sectionStart(section)
    }
    let next = sectionStart(section + 1)
    return next < lineEnd
      ? Segment(start: start, end: next, endsLine: false)
      : Segment(start: start, end: lineEnd, endsLine: true)
  }

  /// The first row of `segment`.
  mutating func firstRow(of segment: Segment, in text: TextBuffer) -> Row {
    var first: Row?
    wrap(segment, from: segment.start, in: text) { row in
      first = row
      return false
    }
    return first ?? Row(start: segment.start, end: segment.end, segment: segment, ownsEnd: true)
  }

  /// Wraps `segment` from `start` (its start, or the start of one of its rows), handing each
  /// row to `body` until it returns false. A row ends before the character that would not fit,
  /// or right after the one that fills it; a line whose last row is full gets an empty row
  /// after it, where the cursor at its end is shown.
  mutating func wrap(
    _ segment: Segment, from start: Int, in text: TextBuffer, _ body: (Row) -> Bool
  ) {
    var scanner = CharacterScanner(text, from: start, to: segment.end)
    var rowStart = start
    var used = 0
    func emit(_ end: Int, ownsEnd: Bool) -> Bool {
      rowsLaidOut += 1
      return body(Row(start: rowStart, end: end, segment: segment, ownsEnd: ownsEnd))
    }
    while scanner.offset < segment.end {
      // Plain text first: a printable ASCII character always fits (a full row was emitted).
      let plain = scanner.skipPrintableASCII(upTo: width - used)
      if plain > 0 {
        used += plain
        if used >= width {
          guard emit(scanner.offset, ownsEnd: false) else { return }
          rowStart = scanner.offset
          used = 0
        }
        continue
      }
      let before = scanner.offset
      var columns: Int
      let character: Character?
      let byte = scanner.nextASCII()
      if let byte {
        character = nil
        columns = asciiColumns(byte, at: used)
      } else {
        guard let (next, _) = scanner.next() else { break }
        character = next
        columns = self.columns(of: next, at: used)
      }
      if used + columns > width, used > 0 {
        guard emit(before, ownsEnd: false) else { return }
        rowStart = before
        used = 0
        if let byte {
          columns = asciiColumns(byte, at: 0)
        } else if let character {
          columns = self.columns(of: character, at: 0)
        }
      }
      used += columns
      if used >= width {
        guard emit(scanner.offset, ownsEnd: false) else { return }
        rowStart = scanner.offset
        used = 0
      }
    }
    if rowStart < segment.end || segment.endsLine {
      _ = emit(segment.end, ownsEnd: segment.endsLine)
    }
  }
}
