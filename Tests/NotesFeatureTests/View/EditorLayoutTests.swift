import FeatureBridge
import TerminalUI
import Testing

@testable import NotesFeature

@MainActor
@Suite struct EditorLayoutTests {
  @Test func wideCharactersWrapBeforeTheyWouldCrossTheEdge() {
    let body = "日本語テキスト"
    let layout = EditorLayout(body: body, cursor: body.utf8.count, width: 5)
    #expect(layout.rows == ["日本", "語テ", "キス", "ト"])
    #expect(layout.rows.allSatisfy { TerminalText.width(of: $0) <= 5 })
    #expect(layout.cursorRow == 3)
    #expect(layout.cursorColumn == 2)
  }

  @Test func theCursorIsPlacedByDisplayColumns() {
    let body = "a🎉b\n日x"
    // After "a🎉": 1 + 2 columns.
    let afterEmoji = EditorLayout(body: body, cursor: 5, width: 20)
    #expect(afterEmoji.rows == ["a🎉b", "日x"])
    #expect(afterEmoji.cursorRow == 0)
    #expect(afterEmoji.cursorColumn == 3)
    // After the newline and "日".
    let secondLine = EditorLayout(body: body, cursor: 10, width: 20)
    #expect(secondLine.cursorRow == 1)
    #expect(secondLine.cursorColumn == 2)
  }

  @Test func aCursorAtAFullRowsEndMovesToTheNextRow() {
    let layout = EditorLayout(body: "abcde", cursor: 5, width: 5)
    #expect(layout.rows == ["abcde", ""])
    #expect(layout.cursorRow == 1)
    #expect(layout.cursorColumn == 0)
  }

  @Test func controlCharactersAreShownInertAndCountedAtTheirShownWidth() {
    let body = "a\u{1B}[2Jb\u{9B}c"
    let layout = EditorLayout(body: body, cursor: body.utf8.count, width: 40)
    #expect(layout.rows == ["a^[[2Jb<9B>c"])
    #expect(layout.cursorColumn == TerminalText.width(of: "a^[[2Jb<9B>c"))
  }

  @Test func anEmptyBodyIsOneEmptyRow() {
    let layout = EditorLayout(body: "", cursor: 0, width: 10)
    #expect(layout.rows == [""])
    #expect(layout.cursorRow == 0)
    #expect(layout.cursorColumn == 0)
  }
}
