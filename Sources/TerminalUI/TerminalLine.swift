/// One line of a frame split into cells: each character with the column it starts at, the
/// columns it takes, and the SGR sequences (`ESC [ … m`) in effect for it. What
/// ``TerminalScreen`` compares to find the cells a frame changed.
///
/// Printable ASCII, almost every cell of a frame, is read a byte at a time; a run of other
/// bytes is split into characters by Swift's `String`.
///
/// `Sendable` plain value.
struct TerminalLine: Sendable {
  /// 20 bytes, half of five `Int`s: a row of a wide terminal is a few hundred cells, read on
  /// every frame that changes it.
  struct Cell: Sendable {
    /// The cell's bytes in ``TerminalLine/bytes``.
    var start: Int32
    var end: Int32
    var column: Int32
    /// Its index in ``TerminalLine/styles``.
    var style: UInt32
    var width: UInt8
  }

  private(set) var text: String
  private(set) var bytes: [UInt8]
  private(set) var cells: [Cell] = []
  /// The SGR sequences in effect, by style index; 0 is none (the terminal's default).
  private(set) var styles = Self.defaultStyles

  /// Only the default style: shared by every line that has no other, so it costs none of them
  /// an allocation.
  private static let defaultStyles: [[UInt8]] = [[]]
  /// The columns the line takes.
  private(set) var width = 0

  init(_ text: String) {
    self.text = text
    bytes = Array(text.utf8)
    cells.reserveCapacity(bytes.count)
    read(from: 0, style: 0)
  }

  /// Makes the line show `text` instead, keeping the cells of the start the two have in
  /// common (found from their bytes, ``commonPrefixCells(with:)``) and reading only the rest.
  ///
  /// - Returns: The cells that show something other than the line showed (rewrite them), and
  ///   the columns the line took before (erase what is beyond its new width).
  mutating func replace(with text: String) -> (changed: Range<Int>, oldWidth: Int) {
    let shared = commonPrefixCells(with: text)
    let oldBytes = bytes
    let oldStyles = styles
    let oldWidth = width
    let oldTail = Array(cells[shared...])
    cells.removeSubrange(shared...)
    self.text = text
    bytes = Array(text.utf8)
    var style = 0
    if let last = cells.last {
      width = Int(last.column) + Int(last.width)
      style = Int(last.style)
    } else {
      width = 0
      styles = Self.defaultStyles
    }
    read(from: cells.last.map { Int($0.end) } ?? 0, style: style)
    // The cells after the kept ones that are still the same, from the start and (when the
    // width is unchanged, so that they are in the same columns) from the end.
    func same(_ new: Int, _ old: Int) -> Bool {
      Self.same(cells[new], bytes, styles, oldTail[old], oldBytes, oldStyles)
    }
    let common = min(oldTail.count, cells.count - shared)
    var prefix = 0
    while prefix < common, same(shared + prefix, prefix) { prefix += 1 }
    var suffix = 0
    if width == oldWidth {
      while suffix < common - prefix,
        same(cells.count - 1 - suffix, oldTail.count - 1 - suffix)
      {
        suffix += 1
      }
    }
    return ((shared + prefix)..<(cells.count - suffix), oldWidth)
  }

  /// Reads the cells of ``bytes`` from `index`, in `style`.
  private mutating func read(from start: Int, style: Int) {
    var index = start
    var style = style
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
      if Int(cells[middle].end) + 4 <= firstDifference { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether two cells show the same, in the same style, each read in its own line's bytes
  /// and styles.
  private static func same(
    _ cell: Cell, _ bytes: [UInt8], _ styles: [[UInt8]],
    _ other: Cell, _ otherBytes: [UInt8], _ otherStyles: [[UInt8]]
  ) -> Bool {
    let length = Int(cell.end - cell.start)
    guard cell.width == other.width, length == Int(other.end - other.start) else {
      return false
    }
    // Style 0 is the default in every line: two such cells need no comparison of sequences.
    if cell.style != 0 || other.style != 0,
      styles[Int(cell.style)] != otherStyles[Int(other.style)]
    {
      return false
    }
    for offset in 0..<length
    where bytes[Int(cell.start) + offset] != otherBytes[Int(other.start) + offset] {
      return false
    }
    return true
  }

  private mutating func appendCell(_ range: Range<Int>, width: Int, style: Int) {
    cells.append(
      Cell(
        start: Int32(range.lowerBound), end: Int32(range.upperBound), column: Int32(self.width),
        style: UInt32(style), width: UInt8(width)))
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
