import MultiStorePrimitives

/// How a note's text is shown in rows `width` columns wide: each line is soft-wrapped by
/// display width, a tab reaches the next multiple of ``tabWidth`` columns, and everything else
/// takes the width it has once made inert (`^[` for ESC).
///
/// Every question is answered from the text around the position asked about, never from the
/// text's start: a row is found by wrapping its *segment*, the line it is on, or, in a line
/// longer than ``sectionLength`` bytes, the section of it. Sections start on the first
/// character boundary at or after every ``sectionLength`` bytes of the line, and each starts a
/// new row, so in lines of more than 4 KB one row in about every 4 KB ends early
/// (docs/decisions/0010-editor-at-real-sizes.md). That bounds any answer to one segment's
/// rows plus the rows asked for.
///
/// ``rowsLaidOut`` counts the rows wrapped, for tests and benchmarks that check the work a
/// keystroke does stays bounded.
///
/// `Sendable` plain value.
package struct RowLayout: Sendable {
  /// A piece of a line that is wrapped on its own: a whole line, or a section of a long one.
  package struct Segment: Equatable, Sendable {
    package var start: Int
    package var end: Int
    /// Whether the segment ends its line (at a line break or the text's end), rather than at
    /// the next section of the same line.
    package var endsLine: Bool
  }

  /// One row: the bytes it shows, and the segment it belongs to.
  package struct Row: Equatable, Sendable {
    package var start: Int
    package var end: Int
    package var segment: Segment
    /// Whether the offset `end` is on this row (the end of a line that did not fill the row);
    /// otherwise `end` starts the next row.
    package var ownsEnd: Bool

    /// Whether `offset` is on this row.
    package func contains(_ offset: Int) -> Bool {
      (start..<end).contains(offset) || (offset == end && ownsEnd)
    }
  }

  /// Columns between tab stops.
  package static let tabWidth = 8
  /// The longest segment, in bytes.
  package static let sectionLength = 4096

  package let width: Int
  /// Rows wrapped so far by this value.
  package internal(set) var rowsLaidOut = 0

  package init(width: Int) {
    self.width = max(1, width)
  }

  // MARK: - Rows

  /// The row `offset` is on.
  package mutating func row(containing offset: Int, in text: TextBuffer) -> Row {
    let offset = min(max(0, offset), text.utf8Count)
    let segment = self.segment(containing: offset, in: text)
    var found: Row?
    wrap(segment, from: segment.start, in: text) { row in
      if row.contains(offset) { found = row }
      return found == nil
    }
    // A segment always yields a row containing each of its offsets; the last row is a safe
    // answer should `offset` sit inside a character at the segment's end.
    return found ?? Row(start: segment.end, end: segment.end, segment: segment, ownsEnd: true)
  }

  /// The row after `row`, or `nil` after the last one.
  package mutating func row(after row: Row, in text: TextBuffer) -> Row? {
    let segment = row.segment
    if row.end < segment.end || (!row.ownsEnd && segment.endsLine) {
      var next: Row?
      wrap(segment, from: row.end, in: text) { row in
        next = row
        return false
      }
      return next
    }
    guard segment.end < text.utf8Count else { return nil }
    let start = segment.endsLine ? segment.end + 1 : segment.end
    return firstRow(of: self.segment(containing: start, in: text), in: text)
  }

  /// Up to `count` rows before `row`, nearest last.
  package mutating func rows(before row: Row, count: Int, in text: TextBuffer) -> [Row] {
    var collected: [Row] = []
    var boundary = row
    while collected.count < count {
      let segment = boundary.segment
      var earlier: [Row] = []
      if boundary.start > segment.start {
        wrap(segment, from: segment.start, in: text) { row in
          guard row.start < boundary.start else { return false }
          earlier.append(row)
          return true
        }
      } else {
        guard segment.start > 0 else { break }
        let previous = self.segment(containing: segment.start - 1, in: text)
        wrap(previous, from: previous.start, in: text) { row in
          earlier.append(row)
          return true
        }
      }
      guard let first = earlier.first else { break }
      collected.insert(contentsOf: earlier.suffix(count - collected.count), at: 0)
      boundary = first
    }
    return collected
  }

  /// `row` and up to `count - 1` rows after it.
  package mutating func rows(from row: Row, count: Int, in text: TextBuffer) -> [Row] {
    var rows: [Row] = []
    var current: Row? = row
    while let row = current, rows.count < count {
      rows.append(row)
      current = rows.count < count ? self.row(after: row, in: text) : nil
    }
    return rows
  }

  // MARK: - Inside a row

  /// The display column of `offset` on `row`.
  package func column(of offset: Int, on row: Row, in text: TextBuffer) -> Int {
    var used = 0
    var scanner = CharacterScanner(text, from: row.start, to: row.segment.end)
    let end = min(offset, row.end)
    while scanner.offset < end {
      let plain = scanner.skipPrintableASCII(upTo: end - scanner.offset)
      if plain > 0 {
        used += plain
        continue
      }
      if let byte = scanner.nextASCII() {
        used += asciiColumns(byte, at: used)
      } else if let (character, _) = scanner.next() {
        used += columns(of: character, at: used)
      } else {
        break
      }
    }
    return used
  }

  /// The offset on `row` nearest to display column `goal`, at or before it: the start of the
  /// character under `goal`, or the row's last position.
  package func offset(atColumn goal: Int, on row: Row, in text: TextBuffer) -> Int {
    var used = 0
    var lastStart = row.start
    var result: Int?
    forEachCharacter(on: row, in: text) { character, start, end in
      lastStart = start
      let columns = columns(of: character, at: used)
      if used + columns > goal {
        result = start
        return false
      }
      used += columns
      if end == row.end, row.ownsEnd { result = end }
      return true
    }
    return result ?? (row.ownsEnd ? row.end : lastStart)
  }

  /// The columns `character` takes when it starts at column `used` of a row.
  package func columns(of character: Character, at used: Int) -> Int {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
    if character == "\t" {
      return max(1, min(Self.tabWidth - used % Self.tabWidth, width - used))
    }
    return TextColumns.width(of: character)
  }

  /// The columns the ASCII character `byte` takes when it starts at column `used` of a row:
  /// what ``columns(of:at:)`` answers for it, without making a `Character`.
  package func asciiColumns(_ byte: UInt8, at used: Int) -> Int {
    if byte >= 0x20, byte < 0x7F { return 1 }
    if byte == 0x09 { return max(1, min(Self.tabWidth - used % Self.tabWidth, width - used)) }
    // Any other control is shown in caret notation, `^X`.
    return 2
  }

  /// Calls `body` with each character `row` shows, and the offsets it spans, until `body`
  /// returns `false`.
  package func forEachCharacter(
    on row: Row, in text: TextBuffer, _ body: (Character, _ start: Int, _ end: Int) -> Bool
  ) {
    var scanner = CharacterScanner(text, from: row.start, to: row.segment.end)
    while scanner.offset < row.end {
      let start = scanner.offset
      guard let (character, _) = scanner.next(), body(character, start, scanner.offset) else {
        return
      }
    }
  }
}
