/// One line of a frame split into cells: each character with the column it starts at, the
/// columns it takes, and the SGR sequences (`ESC [ … m`) in effect for it. What
/// ``TerminalScreen`` compares to find the cells a frame changed.
///
/// Printable ASCII, almost every cell of a frame, is read a byte at a time; a run of other
/// bytes is split into characters by Swift's `String`.
///
/// `Sendable` plain value.
struct TerminalLine: Sendable {
  struct Cell: Sendable {
    /// The cell's bytes in ``TerminalLine/bytes``.
    var start: Int
    var end: Int
    var column: Int
    var width: Int
    /// Its index in ``TerminalLine/styles``.
    var style: Int
  }

  let text: String
  let bytes: [UInt8]
  private(set) var cells: [Cell] = []
  /// The SGR sequences in effect, by style index; 0 is none (the terminal's default).
  private(set) var styles = Self.defaultStyles

  /// Only the default style: shared by every line that has no other, so it costs none of them
  /// an allocation.
  private static let defaultStyles: [[UInt8]] = [[]]
  /// The columns the line takes.
  private(set) var width = 0

  init(_ text: String) {
    self.init(text, bytes: Array(text.utf8), reusing: nil, cells: 0)
  }

  /// `text`, whose first `shared` cells are `old`'s first cells (the caller found them the same
  /// with ``commonPrefixCells(with:)``): only the rest is read.
  init(_ text: String, reusing old: TerminalLine, cells shared: Int) {
    self.init(text, bytes: Array(text.utf8), reusing: old, cells: shared)
  }

  private init(_ text: String, bytes: [UInt8], reusing old: TerminalLine?, cells shared: Int) {
    self.text = text
    self.bytes = bytes
    var index = 0
    var style = 0
    if let old, shared > 0 {
      let last = old.cells[shared - 1]
      // One allocation for the kept cells and the rest, at most a cell a byte.
      cells.reserveCapacity(shared + bytes.count - last.end)
      cells.append(contentsOf: old.cells[0..<shared])
      styles = old.styles
      width = last.column + last.width
      index = last.end
      style = last.style
    } else {
      cells.reserveCapacity(bytes.count)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        index = readEscape(at: index, style: &style)
      } else if byte < 0x80, index + 1 == bytes.count || bytes[index + 1] < 0x80 {
        // Printable ASCII (a frame's text is inert): one byte, one column.
        appendCell(index..<(index + 1), width: 1, style: style)
        index += 1
      } else {
        index = readCharacters(from: index, style: style)
      }
    }
  }

  /// How many of the first cells are surely the same in both lines, found from their bytes:
  /// those that end a scalar's length (4 bytes) or more before the first byte that differs,
  /// since where a cell ends depends on the scalar after it ("e" and a combining accent are one
  /// cell). The caller compares the cells after them one by one.
  func commonPrefixCells(with other: String) -> Int {
    var firstDifference = 0
    var other = other
    other.withUTF8 { otherBytes in
      let shorter = min(bytes.count, otherBytes.count)
      while firstDifference < shorter, bytes[firstDifference] == otherBytes[firstDifference] {
        firstDifference += 1
      }
    }
    // Cells ending before it, found by their ends, which grow with the index.
    var low = 0
    var high = cells.count
    while low < high {
      let middle = (low + high) / 2
      if cells[middle].end + 4 <= firstDifference { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether cell `index` shows what `other`'s cell `otherIndex` shows, in the same style.
  func sameCell(_ index: Int, as other: TerminalLine, _ otherIndex: Int) -> Bool {
    let cell = cells[index]
    let otherCell = other.cells[otherIndex]
    let length = cell.end - cell.start
    guard cell.width == otherCell.width, length == otherCell.end - otherCell.start else {
      return false
    }
    // Style 0 is the default in every line: two such cells need no comparison of sequences.
    if cell.style != 0 || otherCell.style != 0,
      styles[cell.style] != other.styles[otherCell.style]
    {
      return false
    }
    for offset in 0..<length
    where bytes[cell.start + offset] != other.bytes[otherCell.start + offset] {
      return false
    }
    return true
  }

  private mutating func appendCell(_ range: Range<Int>, width: Int, style: Int) {
    cells.append(
      Cell(
        start: range.lowerBound, end: range.upperBound, column: self.width, width: width,
        style: style))
    self.width += width
  }

  /// Reads an escape sequence: an SGR sequence changes the style (`ESC [ m` and `ESC [ 0 m`
  /// reset it, any other adds to it); other sequences take no cells. Returns where the next
  /// cell starts.
  private mutating func readEscape(at start: Int, style: inout Int) -> Int {
    guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return start + 1 }
    var end = start + 2
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return bytes.count }
    if bytes[end] == UInt8(ascii: "m") {
      let parameters = bytes[(start + 2)..<end]
      let sequence =
        parameters.isEmpty || parameters.elementsEqual([UInt8(ascii: "0")])
        ? [] : styles[style] + bytes[start...end]
      if let known = styles.firstIndex(of: sequence) {
        style = known
      } else {
        styles.append(sequence)
        style = styles.count - 1
      }
    }
    return end + 1
  }

  /// Reads the characters of the run of non-ASCII bytes at `start` (with the ASCII byte it may
  /// start with), each as one cell of its display width. Returns where the run ends.
  private mutating func readCharacters(from start: Int, style: Int) -> Int {
    var end = start + 1
    while end < bytes.count, bytes[end] >= 0x80 { end += 1 }
    var offset = start
    for character in String(decoding: bytes[start..<end], as: UTF8.self) {
      let length = character.utf8.count
      appendCell(offset..<(offset + length), width: TerminalText.width(of: character), style: style)
      offset += length
    }
    return end
  }
}
