import NotesTerminalView
import TerminalUI
import Testing

@testable import NotesFeature

/// Soft wrapping: rows by display width, tabs to tab stops, inert controls, the cursor's row
/// and column, and how little is laid out to answer.
@Suite struct RowLayoutTests {
  /// Every row of `text`, walking forward from the first.
  func allRows(_ text: TextBuffer, width: Int) -> [RowLayout.Row] {
    var layout = RowLayout(width: width)
    var rows = [layout.row(containing: 0, in: text)]
    while let next = layout.row(after: rows.last!, in: text) { rows.append(next) }
    return rows
  }

  func shown(_ text: String, width: Int) -> [String] {
    let buffer = TextBuffer(text)
    let layout = RowLayout(width: width)
    return allRows(buffer, width: width).map { layout.rendered($0, in: buffer) }
  }

  @Test func wideCharactersWrapBeforeTheyWouldCrossTheEdge() {
    #expect(shown("日本語テキスト", width: 5) == ["日本", "語テ", "キス", "ト"])
  }

  @Test func controlCharactersAreShownInertAtTheirShownWidth() {
    #expect(shown("a\u{1B}[2Jb\u{9B}c", width: 40) == ["a^[[2Jb<9B>c"])
    #expect(shown("crlf\r\nnext", width: 40) == ["crlf^M", "next"])
  }

  @Test func aTabReachesTheNextTabStop() {
    #expect(
      shown("a\tb\n\tc\nabcdefgh\tx", width: 40) == [
        "a       b", "        c", "abcdefgh        x",
      ])
    // At the row's edge a tab fills what is left of the row.
    #expect(shown("abcdef\tx", width: 10) == ["abcdef  x"])
    #expect(shown("abcdefghi\tx", width: 10) == ["abcdefghi ", "x"])
  }

  @Test func aLineThatFillsItsLastRowGetsAnEmptyRowForTheCursor() {
    let text = TextBuffer("abcde\nfg")
    #expect(shown("abcde\nfg", width: 5) == ["abcde", "", "fg"])
    var layout = RowLayout(width: 5)
    let row = layout.row(containing: 5, in: text)
    #expect(row.start == 5 && row.end == 5 && row.ownsEnd)
    #expect(layout.column(of: 5, on: row, in: text) == 0)
    let first = layout.row(containing: 4, in: text)
    #expect(layout.column(of: 4, on: first, in: text) == 4)
  }

  @Test func theCursorsColumnIsItsDisplayColumn() {
    let text = TextBuffer("a🎉b\n日x")
    var layout = RowLayout(width: 20)
    let first = layout.row(containing: 5, in: text)
    #expect(layout.column(of: 5, on: first, in: text) == 3)
    let second = layout.row(containing: 10, in: text)
    #expect(second.start == 7)
    #expect(layout.column(of: 10, on: second, in: text) == 2)
  }

  @Test func anOffsetAtAColumnStopsBeforeTheCharacterUnderIt() {
    let text = TextBuffer("a日b\nshort\nabcdefghij")
    var layout = RowLayout(width: 5)
    let first = layout.row(containing: 0, in: text)
    #expect(layout.offset(atColumn: 0, on: first, in: text) == 0)
    #expect(layout.offset(atColumn: 1, on: first, in: text) == 1)
    #expect(layout.offset(atColumn: 2, on: first, in: text) == 1)
    #expect(layout.offset(atColumn: 3, on: first, in: text) == 4)
    #expect(layout.offset(atColumn: 9, on: first, in: text) == 5)
    // A wrapped row's end belongs to the next row: the farthest offset is its last character.
    let wrapped = layout.row(containing: 12, in: text)
    #expect(wrapped.start == 12 && wrapped.end == 17 && !wrapped.ownsEnd)
    #expect(layout.offset(atColumn: 9, on: wrapped, in: text) == 16)
  }

  @Test func walkingForwardAndBackAndFindingEachOffsetAgree() {
    var generator = SeededGenerator(seed: 3)
    let pieces = ["word ", "日本 ", "🎉", "\t", "\n", "e\u{301}", "\n\n", "x"]
    var text = ""
    for _ in 0..<600 { text += pieces.randomElement(using: &generator)! }
    let buffer = TextBuffer(text)
    for width in [1, 2, 7, 30] {
      let rows = allRows(buffer, width: width)
      var layout = RowLayout(width: width)
      // Rows cover the text in order, without gaps.
      #expect(rows.first?.start == 0)
      #expect(rows.last?.end == buffer.utf8Count)
      for (row, next) in zip(rows, rows.dropFirst()) {
        #expect(next.start == row.end || next.start == row.end + 1)
      }
      for (index, row) in rows.enumerated() {
        #expect(
          layout.rows(before: row, count: 3, in: buffer) == Array(rows[max(0, index - 3)..<index]))
        #expect(layout.row(containing: row.start, in: buffer) == row)
        #expect(TerminalText.width(of: layout.rendered(row, in: buffer)) <= max(width, 2))
      }
    }
  }

  /// Rows of one line (shorter than a section), wrapped a character at a time: what the
  /// layout's byte-at-a-time reading of plain ASCII must agree with.
  func referenceRows(_ line: String, width: Int) -> [String] {
    var rows: [String] = []
    var row = ""
    var used = 0
    func columns(_ character: Character, at used: Int) -> Int {
      character == "\t"
        ? max(1, min(RowLayout.tabWidth - used % RowLayout.tabWidth, width - used))
        : TerminalText.width(of: character)
    }
    for character in line {
      var taken = columns(character, at: used)
      if used + taken > width, used > 0 {
        rows.append(row)
        row = ""
        used = 0
        taken = columns(character, at: 0)
      }
      row.append(character)
      used += taken
      if used >= width {
        rows.append(row)
        row = ""
        used = 0
      }
    }
    rows.append(row)
    return rows
  }

  @Test func plainTextRunsAcrossWindowsAndChunksWrapAsCharacterByCharacter() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "RowLayoutTests", test: "plainTextRunsAcrossWindowsAndChunksWrapAsCharacterByCharacter"
    ) {
      return
    }
    var generator = SeededGenerator(seed: 27)
    let rare = ["é", "e\u{301}", "日", "\t", "\u{1B}", "🎉"]
    for _ in 0..<12 {
      var lines: [String] = []
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        var line = ""
        for _ in 0..<Int.random(in: 0...3_000, using: &generator) {
          line +=
            Int.random(in: 0..<200, using: &generator) == 0
            ? rare.randomElement(using: &generator)!
            : "abcdefghij ".randomElement(using: &generator).map(String.init)!
        }
        lines.append(line)
      }
      // Past the first chunk (12 KB) now and then.
      if Bool.random(using: &generator) {
        lines.insert(String(repeating: "x\n", count: 7_000), at: 0)
      }
      let text = lines.joined(separator: "\n")
      let buffer = TextBuffer(text)
      for width in [1, 7, 65, 100] {
        let rows = allRows(buffer, width: width).map { buffer.string(in: $0.start..<$0.end) }
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
          referenceRows(String($0), width: width)
        }
        guard rows != expected else { continue }
        let first =
          zip(rows.indices, zip(rows, expected)).first { $0.1.0 != $0.1.1 }?.0
          ?? min(rows.count, expected.count)
        let found = rows.dropFirst(first).first ?? "none"
        let wanted = expected.dropFirst(first).first ?? "none"
        Issue.record(
          "width \(width): row \(first) is \(found.debugDescription), not \(wanted.debugDescription)"
        )
        return
      }
    }
  }

  @Test func aLongLineIsWrappedInSectionsSoAnAnswerLaysOutFewRows() {
    let line = String(repeating: "abcdefghij", count: 100_000)
    let text = TextBuffer("first\n" + line + "\nlast")
    var layout = RowLayout(width: 100)
    let end = layout.row(containing: 6 + line.utf8.count, in: text)
    #expect(end.ownsEnd)
    #expect(end.segment.endsLine)
    let sectionRows = RowLayout.sectionLength / 100 + 2
    #expect(layout.rowsLaidOut <= sectionRows)
    // Every row is still at most 100 columns and the rows cover the line.
    let before = layout.rowsLaidOut
    let rows = layout.rows(before: end, count: 30, in: text)
    #expect(rows.count == 30)
    #expect(layout.rowsLaidOut - before <= 2 * sectionRows)
    #expect(rows.allSatisfy { $0.end - $0.start <= 100 })
    #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.end == $1.start })
  }

  @Test func sectionsStartOnCharacterBoundaries() {
    let line = String(repeating: "日本🎉e\u{301}", count: 2_000)
    let text = TextBuffer(line)
    var layout = RowLayout(width: 13)
    var row = layout.row(containing: 0, in: text)
    var shown = ""
    var count = 1
    while let next = layout.row(after: row, in: text) {
      shown += layout.rendered(row, in: text)
      row = next
      count += 1
    }
    shown += layout.rendered(row, in: text)
    #expect(shown == line)
    #expect(count > 1_000)
  }
}
