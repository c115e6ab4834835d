import Testing

@testable import TerminalUI

@Suite struct TerminalTextWrapTests {
  @Test func aLongMessageIsShownWholeOnSeveralLinesBrokenAtSpaces() {
    let message = "cannot save /data/notes.json: No space left on device"
    let lines = TerminalText.wrap(message, width: 20)
    #expect(lines == ["cannot save", "/data/notes.json: No", "space left on device"])
    #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 20 })
    #expect(lines.joined(separator: " ") == message)
  }

  @Test func aWordWiderThanTheLineIsCutNotLost() {
    let lines = TerminalText.wrap("/a/very/long/path/without/spaces", width: 10)
    #expect(lines == ["/a/very/lo", "ng/path/wi", "thout/spac", "es"])
  }

  @Test func wideCharactersCountTwoColumnsAndNeverStraddleTheEdge() {
    let lines = TerminalText.wrap("日本語のテキスト", width: 5)
    #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 5 })
    #expect(lines.joined() == "日本語のテキスト")
    // Even one column: each wide character on a line of its own, none dropped.
    #expect(TerminalText.wrap("日本", width: 1) == ["日", "本"])
  }

  @Test func escapesAreMadeInertBeforeWrapping() {
    let lines = TerminalText.wrap("bad \u{1B}[2J file", width: 80)
    #expect(lines == ["bad ^[[2J file"])
  }

  @Test func emptyTextIsOneEmptyLine() {
    #expect(TerminalText.wrap("", width: 10) == [""])
  }
}
