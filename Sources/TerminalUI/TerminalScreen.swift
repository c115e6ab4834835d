/// What a full-screen terminal shows, and the fewest bytes that make it show the next frame.
///
/// A frame is lines of text that may hold SGR sequences (`ESC [ … m`: reverse video, dim,
/// colors). ``update(to:cursor:)`` compares each line with the one the terminal shows and
/// rewrites only the cells between the first and the last that changed, then puts the cursor
/// where the frame wants it, on the cursor's row last, so that typing at the cursor usually
/// needs no cursor move at all. A typed character is about 20 bytes this way (a cursor move and
/// the character, and the status line's column number), where rewriting each changed line was
/// about 375.
///
/// ```swift
/// var screen = TerminalScreen()
/// let first = screen.update(to: ["hello"], cursor: (row: 0, column: 5))
/// // clears the screen, writes "hello", shows the cursor after it
/// let next = screen.update(to: ["hello!"], cursor: (row: 0, column: 6))  // "!"
/// ```
///
/// `Sendable` plain value.
package struct TerminalScreen: Sendable {
  private var shown: [TerminalLine] = []
  private var valid = false
  private var cursorVisible: Bool?
  /// Where the terminal's cursor is, when known.
  private var position: (row: Int, column: Int)?
  private var pen: [UInt8] = []
  private var output: [UInt8] = []

  /// A screen whose first update repaints everything.
  package init() {}

  /// Forgets what the terminal shows: the next update clears the screen and draws it all (after
  /// a resize, a resume, or Ctrl-L).
  package mutating func invalidate() {
    valid = false
  }

  /// The bytes that change the screen to `lines`, each at most the screen's width in columns,
  /// with the cursor at `cursor` (hidden when `nil`).
  ///
  /// - Parameters:
  ///   - lines: The frame, top to bottom; rows past its end are blank.
  ///   - cursor: The cursor's row and column, from 0.
  /// - Returns: What to write to the terminal (empty when nothing changed).
  package mutating func update(
    to lines: [String], cursor: (row: Int, column: Int)?
  ) -> [UInt8] {
    output.removeAll(keepingCapacity: true)
    if !valid {
      repaint(lines)
    } else {
      let rows = max(lines.count, shown.count)
      let last = cursor.map { min($0.row, rows - 1) } ?? -1
      for row in 0..<rows where row != last {
        updateRow(row, to: lines)
      }
      if last >= 0 { updateRow(last, to: lines) }
    }
    if !pen.isEmpty { setPen([]) }
    if let cursor {
      if position?.row != cursor.row || position?.column != cursor.column {
        moveCursor(to: cursor)
      }
      if cursorVisible != true {
        append("\u{1B}[?25h")
        cursorVisible = true
      }
    } else if cursorVisible != false {
      append("\u{1B}[?25l")
      cursorVisible = false
    }
    return output
  }

  // MARK: - Rows

  private mutating func repaint(_ lines: [String]) {
    if cursorVisible != false {
      append("\u{1B}[?25l")
      cursorVisible = false
    }
    append("\u{1B}[0m\u{1B}[2J")
    pen = []
    position = nil
    shown = lines.map(TerminalLine.init)
    for (row, line) in shown.enumerated() where !line.cells.isEmpty {
      write(line, cells: 0..<line.cells.count, row: row)
    }
    valid = true
  }

  private mutating func updateRow(_ row: Int, to lines: [String]) {
    let text = row < lines.count ? lines[row] : ""
    // Most rows are unchanged: compared in place, before anything is copied or read.
    if row < shown.count {
      guard shown[row].text != text else { return }
    } else if text.isEmpty {
      return
    } else {
      while shown.count <= row { shown.append(TerminalLine("")) }
    }
    // The line is changed where it is kept: its unchanged cells are not copied.
    let (changed, oldWidth) = shown[row].replace(with: text)
    let newWidth = shown[row].width
    if !changed.isEmpty { write(shown[row], cells: changed, row: row) }
    if newWidth < oldWidth {
      if position?.row != row || position?.column != newWidth {
        moveCursor(to: (row, newWidth))
      }
      setPen([])
      append("\u{1B}[K")
    }
  }

  /// Writes `cells` of `line`, in their styles, from the first one's column.
  private mutating func write(_ line: TerminalLine, cells: Range<Int>, row: Int) {
    let column = Int(line.cells[cells.lowerBound].column)
    if position?.row != row || position?.column != column {
      moveCursor(to: (row, column))
    }
    var end = column
    var runStart = Int(line.cells[cells.lowerBound].start)
    var runEnd = runStart
    for index in cells {
      let cell = line.cells[index]
      let style = line.styles[Int(cell.style)]
      if style != pen || Int(cell.start) != runEnd {
        // The cells so far are adjacent and share the pen: written as one run of bytes (never
        // with the sequences between cells, which the pen stands for).
        output.append(contentsOf: line.bytes[runStart..<runEnd])
        runStart = Int(cell.start)
        if style != pen { setPen(style) }
      }
      runEnd = Int(cell.end)
      end = Int(cell.column) + Int(cell.width)
    }
    output.append(contentsOf: line.bytes[runStart..<runEnd])
    // At the screen's last column the cursor waits to wrap, but no target is ever there (a
    // frame's cursor is inside the screen), so the next move is never skipped wrongly.
    position = (row, end)
  }

  private mutating func setPen(_ style: [UInt8]) {
    append("\u{1B}[0m")
    output.append(contentsOf: style)
    pen = style
  }

  private mutating func moveCursor(to target: (row: Int, column: Int)) {
    // CSI row ; column H, its numbers written as digits straight into the output (a string
    // interpolation per move cost more than the rest of a typed key's bytes).
    output.append(0x1B)
    output.append(UInt8(ascii: "["))
    TerminalText.appendDecimal(target.row + 1, to: &output)
    output.append(UInt8(ascii: ";"))
    TerminalText.appendDecimal(target.column + 1, to: &output)
    output.append(UInt8(ascii: "H"))
    position = target
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }
}
