import Testing

@testable import TerminalUI

/// What a terminal shows after the bytes `TerminalScreen` writes: a small emulator of the
/// sequences it uses (cursor position, erase line and screen, SGR, cursor visibility), cell by
/// cell, so each test checks the screen a person would see, not just the bytes.
private struct EmulatedTerminal {
  struct Cell: Equatable {
    var text = " "
    var style = ""
  }

  var rows: [[Cell]]
  var cursor = (row: 0, column: 0)
  var cursorVisible = true
  var style = ""

  init(width: Int, height: Int) {
    rows = Array(repeating: Array(repeating: Cell(), count: width), count: height)
  }

  /// Each row as plain text, trailing blanks dropped.
  var lines: [String] {
    rows.map { row in
      String(row.map(\.text).joined().reversed().drop { $0 == " " }.reversed())
    }
  }

  mutating func apply(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      guard character == "\u{1B}" else {
        put(character)
        continue
      }
      guard characters.popFirst() == "[" else { continue }
      var parameters = ""
      while let next = characters.popFirst() {
        if next.isLetter {
          command(next, parameters)
          break
        }
        parameters.append(next)
      }
    }
  }

  private mutating func put(_ character: Character) {
    let width = TerminalText.width(of: character)
    guard cursor.column < rows[0].count else { return }
    rows[cursor.row][cursor.column] = Cell(text: String(character), style: style)
    if width == 2, cursor.column + 1 < rows[0].count {
      rows[cursor.row][cursor.column + 1] = Cell(text: "", style: style)
    }
    cursor.column += width
  }

  private mutating func command(_ final: Character, _ parameters: String) {
    switch final {
    case "H":
      let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
      cursor = (numbers[0] - 1, numbers[1] - 1)
    case "J":
      for row in rows.indices { rows[row] = rows[row].map { _ in Cell() } }
    case "K":
      for column in cursor.column..<rows[0].count { rows[cursor.row][column] = Cell() }
    case "m":
      style = parameters.isEmpty || parameters == "0" ? "" : style + parameters + ";"
    case "h" where parameters == "?25":
      cursorVisible = true
    case "l" where parameters == "?25":
      cursorVisible = false
    default:
      break
    }
  }
}

@Suite struct TerminalScreenTests {
  /// Applies each frame in turn; returns the terminal and the bytes of the last update.
  private func show(
    _ frames: [[String]], cursor: (row: Int, column: Int)? = nil, width: Int = 20
  ) -> (EmulatedTerminal, [UInt8]) {
    var terminal = EmulatedTerminal(width: width, height: 4)
    var screen = TerminalScreen()
    var last: [UInt8] = []
    for frame in frames {
      last = screen.update(to: frame, cursor: cursor)
      terminal.apply(last)
    }
    return (terminal, last)
  }

  /// The example in `TerminalScreen`'s documentation.
  @Test func theDocumentedExampleWritesOnlyTheTypedCharacter() {
    var screen = TerminalScreen()
    let first = screen.update(to: ["hello"], cursor: (row: 0, column: 5))
    // clears the screen, writes "hello", shows the cursor after it
    let next = screen.update(to: ["hello!"], cursor: (row: 0, column: 6))  // "!"
    let firstText = String(decoding: first, as: UTF8.self)
    #expect(firstText.contains("\u{1B}[2J") && firstText.contains("hello"))
    #expect(String(decoding: next, as: UTF8.self) == "!")
  }

  @Test func theFirstUpdateClearsTheScreenAndDrawsEveryLine() {
    let (terminal, bytes) = show([["one", "", "three"]], cursor: (row: 2, column: 5))
    #expect(terminal.lines == ["one", "", "three", ""])
    #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2J"))
    #expect(terminal.cursorVisible)
    #expect(terminal.cursor == (2, 5))
  }

  @Test func aTypedCharacterAtTheCursorIsTheCharacterAlone() {
    var screen = TerminalScreen()
    _ = screen.update(to: ["notes", "hello"], cursor: (row: 1, column: 5))
    let bytes = screen.update(to: ["notes", "hello!"], cursor: (row: 1, column: 6))
    // The cursor already stands where the character goes, and after it where the frame wants it.
    #expect(bytes == Array("!".utf8))
  }

  @Test func aChangeInTheMiddleOfALineRewritesOnlyTheChangedCells() {
    let (terminal, bytes) = show([["Ln 1/9, Col 12    x"], ["Ln 1/9, Col 13    x"]])
    #expect(terminal.lines[0] == "Ln 1/9, Col 13    x")
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;14H3")
  }

  @Test func aShorterLineErasesWhatWasBeyondIt() {
    let (terminal, _) = show([["a long line", "keep"], ["a long", "keep"]])
    #expect(terminal.lines == ["a long", "keep", "", ""])
  }

  @Test func linesBeyondTheNewFrameAreCleared() {
    let (terminal, _) = show([["one", "two", "three"], ["one"]])
    #expect(terminal.lines == ["one", "", "", ""])
  }

  @Test func unchangedFramesWriteNothing() {
    var screen = TerminalScreen()
    _ = screen.update(to: ["same"], cursor: (row: 0, column: 1))
    #expect(screen.update(to: ["same"], cursor: (row: 0, column: 1)).isEmpty)
  }

  @Test func stylesAreKeptPerCellAndResetAfterwards() {
    let reverse = "\u{1B}[7m"
    let reset = "\u{1B}[0m"
    let (terminal, bytes) = show([
      ["\(reverse)[1 Notes]\(reset) 2 List"], ["\(reverse)[1 Notes]\(reset) 2 Lists"],
    ])
    #expect(terminal.lines[0] == "[1 Notes] 2 Lists")
    #expect(terminal.rows[0][0].style == "7;")
    #expect(terminal.rows[0][9].style == "")
    // Only the new "s", written in the default style.
    #expect(String(decoding: bytes, as: UTF8.self) == "s")
    #expect(terminal.style == "")
  }

  @Test func aCellWhoseStyleChangedIsRewritten() {
    let (terminal, _) = show([["ab"], ["a\u{1B}[7mb\u{1B}[0m"]])
    #expect(terminal.rows[0][1] == .init(text: "b", style: "7;"))
  }

  @Test func wideCharactersAreCellsOfTwoColumns() {
    let (terminal, bytes) = show([["日本 x"], ["日本 y"]])
    #expect(terminal.lines[0] == "日本 y")
    // "日本 " takes five columns: y is in the sixth.
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\u{1B}[1;6Hy"))
  }

  @Test func aCombiningAccentAfterASCIIIsOneCellWithIt() {
    let (terminal, _) = show([["cafe"], ["cafe\u{301}"]])
    #expect(terminal.lines[0] == "cafe\u{301}")
  }

  @Test func invalidateRepaintsEverything() {
    var screen = TerminalScreen()
    _ = screen.update(to: ["one"], cursor: nil)
    screen.invalidate()
    let bytes = String(decoding: screen.update(to: ["one"], cursor: nil), as: UTF8.self)
    #expect(bytes.contains("\u{1B}[2J") && bytes.contains("one"))
  }

  @Test func theCursorIsShownAndHiddenOnlyWhenThatChanges() {
    var screen = TerminalScreen()
    _ = screen.update(to: ["a"], cursor: (row: 0, column: 1))
    let moved = String(
      decoding: screen.update(to: ["a"], cursor: (row: 0, column: 0)), as: UTF8.self)
    #expect(moved == "\u{1B}[1;1H")
    let hidden = String(decoding: screen.update(to: ["a"], cursor: nil), as: UTF8.self)
    #expect(hidden == "\u{1B}[?25l")
  }

  @Test func cursorMovesNameRowsAndColumnsOfSeveralDigits() {
    var screen = TerminalScreen()
    let frame = Array(repeating: "", count: 120)
    _ = screen.update(to: frame, cursor: (row: 0, column: 0))
    for (row, column) in [(9, 99), (99, 9), (109, 1_000), (0, 0)] {
      let moved = String(
        decoding: screen.update(to: frame, cursor: (row: row, column: column)), as: UTF8.self)
      #expect(moved == "\u{1B}[\(row + 1);\(column + 1)H")
    }
  }

  @Test func adjacentCellsAreWrittenAsOneRunButNeverWithTheSequencesBetweenThem() {
    // "x" and "y" are both in the default style, with a style that starts and ends between
    // them: the pen never changes, and the sequences between the cells are not written.
    let (terminal, bytes) = show([["ab cd"], ["xy c\u{1B}[7m\u{1B}[0mz"]])
    #expect(terminal.lines[0] == "xy cz")
    #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}[7m"))
  }

  @Test func randomEditsAlwaysLeaveTheScreenShowingTheFrame() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "b", " ", "日", "é", "\u{1B}[7m", "\u{1B}[0m", "\u{1B}[2m", "xyz"]
    var terminal = EmulatedTerminal(width: 40, height: 4)
    var screen = TerminalScreen()
    for _ in 0..<500 {
      var frame: [String] = []
      var plain: [String] = []
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        var line = ""
        var width = 0
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
          let piece = pieces.randomElement(using: &generator)!
          let pieceWidth = piece.hasPrefix("\u{1B}") ? 0 : TerminalText.width(of: piece)
          guard width + pieceWidth <= 40 else { break }
          line += piece
          width += pieceWidth
        }
        frame.append(line)
        plain.append(
          line.replacing("\u{1B}[7m", with: "").replacing("\u{1B}[0m", with: "")
            .replacing("\u{1B}[2m", with: ""))
      }
      terminal.apply(screen.update(to: frame, cursor: nil))
      let expected = (plain + Array(repeating: "", count: 4 - plain.count)).map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }
      #expect(terminal.lines == expected, "frame \(frame)")
      if terminal.lines != expected { return }
    }
  }
}
