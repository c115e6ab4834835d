import FeatureBridge
import TerminalUI
import Testing

@testable import NotesFeature
@testable import NotesTerminalView

/// What the editor shows: tabs as spaces, the cursor on screen with as little scrolling as
/// possible, Page Down a screenful further, and the search field's cursor.
@MainActor
@Suite struct EditorViewportTests {
  static let lines = (1...100).map { "line \($0)" }.joined(separator: "\n")

  @Test func tabsAreShownAsSpacesToTheNextTabStop() async {
    let notes = await RunningNotes(storage: .inMemory([("Tabs", "a\tb\n\tc")]))
    notes.type([.enter, .down, .end])
    let screen = notes.render(width: 40, height: 6)
    #expect(screen[1] == "a       b")
    #expect(screen[2] == "        c")
    #expect(!screen.joined().contains("^I"))
    #expect(notes.view.cursor?.row == 2)
    #expect(notes.view.cursor?.column == 9)
    await notes.feature.stop()
  }

  @Test func theViewScrollsOnlyAsFarAsTheCursorNeeds() async {
    var viewport = EditorViewport()
    let text = TextBuffer(Self.lines)
    // The cursor at the start: the top of the note.
    var frame = viewport.frame(of: text, noteID: 1, cursor: 0, width: 20, height: 5)
    #expect(frame.rows == ["line 1", "line 2", "line 3", "line 4", "line 5"])
    // Down to line 7: two rows of scrolling, the cursor on the last row.
    let line7 = text.lineStart(ofLine: 6)
    frame = viewport.frame(of: text, noteID: 1, cursor: line7, width: 20, height: 5)
    #expect(frame.rows.first == "line 3")
    #expect(frame.cursor.row == 4)
    // Back up to line 5: still on screen, nothing moves.
    frame = viewport.frame(
      of: text, noteID: 1, cursor: text.lineStart(ofLine: 4), width: 20, height: 5)
    #expect(frame.rows.first == "line 3")
    #expect(frame.cursor.row == 2)
  }

  @Test func pageDownMovesTheViewByTheRowsTheCursorMoved() async {
    let notes = await RunningNotes(storage: .inMemory([("Lines", Self.lines)]))
    notes.type([.enter])
    // Narrow: the editor alone, 8 rows below the header.
    var screen = notes.render(width: 40, height: 10)
    #expect(screen[1] == "line 1")
    notes.type([.down, .down, .pageDown])
    screen = notes.render(width: 40, height: 10)
    // The cursor moved 6 rows (a page is 2 rows less than the screen, as nano's), from line 3
    // to line 9, and so did the view.
    #expect(screen[1] == "line 7")
    #expect(notes.view.cursor?.row == 3)
    notes.type([.pageUp])
    screen = notes.render(width: 40, height: 10)
    #expect(screen[1] == "line 1")
    #expect(notes.view.cursor?.row == 3)
    await notes.feature.stop()
  }

  /// Page Up at the top moves nothing, and takes nothing from the next Page Down.
  @Test func pageUpAtTheTopThenPageDownScrollsAPage() async {
    let notes = await RunningNotes(storage: .inMemory([("Lines", Self.lines)]))
    notes.type([.enter])
    var screen = notes.render(width: 40, height: 10)
    #expect(screen[1] == "line 1")
    // Page Up changes nothing on screen, so the app draws no frame before the Page Down.
    notes.type([.pageUp, .pageDown])
    screen = notes.render(width: 40, height: 10)
    // As from the top without the Page Up: the cursor moved 6 rows, and so did the view.
    #expect(screen[1] == "line 7")
    #expect(notes.view.cursor?.row == 1)
    await notes.feature.stop()
  }

  /// A text that shrinks past the top of the view (a long paste undone) is shown from where
  /// its rows fill the screen again, not scrolled past its end.
  @Test func aTextThatShrankPastTheViewIsShownFromTheTop() async {
    var viewport = EditorViewport()
    let long = TextBuffer(Self.lines)
    var frame = viewport.frame(
      of: long, noteID: 1, cursor: long.utf8Count, width: 20, height: 5)
    #expect(frame.rows.first == "line 96")
    let short = TextBuffer("Title line\n")
    frame = viewport.frame(of: short, noteID: 1, cursor: short.utf8Count, width: 20, height: 5)
    #expect(frame.rows.first == "Title line")
    #expect(frame.cursor.row == 1)
  }

  @Test func theSearchFieldShowsTheTerminalCursorWhereItIs() async {
    let notes = await RunningNotes(storage: .inMemory([("One", "")]))
    notes.type([.character("/")])
    notes.type("milk")
    notes.type([.left, .left])
    let screen = notes.render(width: 60, height: 5)
    // The header counts the notes the filter shows, of all of them.
    #expect(screen[0] == "Notes (0 of 1)   search: milk")
    #expect(notes.view.cursor?.row == 0)
    #expect(notes.view.cursor?.column == TerminalText.width(of: "Notes (0 of 1)   search: mi"))
    await notes.feature.stop()
  }
}

/// The rows a viewport keeps across edits: the same as rows laid out afresh, and only the
/// edited line's laid out again. Off the main actor: it is work, not waiting.
@Suite struct EditorViewportKeptRowsTests {
  static let lines = (1...100).map { "line \($0)" }.joined(separator: "\n")

  @Test func aKeyTypedLaysOutTheRowsOfItsLineAlone() {
    var viewport = EditorViewport()
    var text = TextBuffer(Self.lines)
    let line7 = text.lineStart(ofLine: 6)
    _ = viewport.frame(of: text, noteID: 1, cursor: line7, width: 20, height: 10)
    let before = viewport.rowsLaidOut
    text.insert("x", at: line7)
    let frame = viewport.frame(of: text, noteID: 1, cursor: line7 + 1, width: 20, height: 10)
    #expect(frame.rows.contains("xline 7"))
    // Line 7's one row, laid out twice (the cursor's row, then the frame's), and none other.
    #expect(viewport.rowsLaidOut - before <= 2, "laid out \(viewport.rowsLaidOut - before)")
  }

  @Test func rowsKeptAcrossEditsAreTheRowsLaidOutAfresh() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "EditorViewportKeptRowsTests", test: "rowsKeptAcrossEditsAreTheRowsLaidOutAfresh")
    {
      return
    }
    var generator = SeededGenerator(seed: 15)
    let pieces = [
      "a", "word ", "\n", "\n", "\n", "日本", "\t", "e\u{301}",
      String(repeating: "long ", count: 1_000),
    ]
    var text = TextBuffer(
      (0..<300).map { _ in pieces.randomElement(using: &generator)! }.joined())
    var keeping = EditorViewport()
    var fresh = EditorViewport(keepsRows: false)
    var cursor = 0
    for step in 0..<600 {
      switch Int.random(in: 0..<5, using: &generator) {
      case 0:
        text.insert(pieces.randomElement(using: &generator)!, at: cursor)
      case 1, 4:
        cursor = text.characterBoundary(before: cursor)
        text.remove(cursor..<text.characterBoundary(after: cursor))
      case 2:
        let start = text.characterBoundary(before: text.characterBoundary(before: cursor))
        text.remove(start..<cursor)
        cursor = start
      default:
        cursor = text.characterBoundary(
          atOrAfter: Int.random(in: 0...text.utf8Count, using: &generator))
      }
      cursor = min(cursor, text.utf8Count)
      let width = step % 50 == 49 ? 17 : 30
      let kept = keeping.frame(of: text, noteID: 1, cursor: cursor, width: width, height: 8)
      let laidOut = fresh.frame(of: text, noteID: 1, cursor: cursor, width: width, height: 8)
      guard kept.rows == laidOut.rows, kept.cursor == laidOut.cursor else {
        Issue.record("step \(step): \(kept.rows) is not \(laidOut.rows)")
        return
      }
    }
  }

  /// Typing as a person does, in short lines: characters, Backspace, an Enter now and then,
  /// the cursor moving along and across lines, a line filling its row and wrapping, the window
  /// growing and shrinking. Each frame is the frame laid out afresh.
  @Test func keystrokesInShortLinesShowTheRowsLaidOutAfresh() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "EditorViewportKeptRowsTests", test: "keystrokesInShortLinesShowTheRowsLaidOutAfresh")
    {
      return
    }
    var generator = SeededGenerator(seed: 27)
    var text = TextBuffer((1...30).map { "line \($0)" }.joined(separator: "\n"))
    var keeping = EditorViewport()
    var fresh = EditorViewport(keepsRows: false)
    var cursor = text.lineStart(ofLine: 3)
    for step in 0..<2_000 {
      switch Int.random(in: 0..<20, using: &generator) {
      case 0:
        text.insert("\n", at: cursor)
        cursor += 1
      case 1, 2:
        guard cursor > 0 else { break }
        let start = text.characterBoundary(before: cursor)
        text.remove(start..<cursor)
        cursor = start
      case 3:
        cursor = text.characterBoundary(
          atOrAfter: Int.random(in: 0...text.utf8Count, using: &generator))
      case 4:
        cursor = text.characterBoundary(before: cursor)
      case 5:
        text.insert("é", at: cursor)
        cursor += 2
      default:
        text.insert(
          String(UnicodeScalar(UInt8.random(in: 97...122, using: &generator))), at: cursor)
        cursor += 1
      }
      let height = step % 300 < 150 ? 8 : 9
      let kept = keeping.frame(of: text, noteID: 1, cursor: cursor, width: 24, height: height)
      let laidOut = fresh.frame(of: text, noteID: 1, cursor: cursor, width: 24, height: height)
      guard kept.rows == laidOut.rows, kept.cursor == laidOut.cursor else {
        Issue.record(
          "step \(step): \(kept.rows) \(kept.cursor) is not \(laidOut.rows) \(laidOut.cursor)")
        return
      }
    }
  }
}
