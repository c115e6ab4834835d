import FeatureBridge
import TerminalUI
import Testing

@testable import AppShell

@Suite struct ScriptCommandTests {
  private func parse(_ line: String, lineNumber: Int = 1) throws -> ScriptCommand? {
    try ScriptCommand.parse(Substring(line), lineNumber: lineNumber)
  }

  @Test(
    arguments: [
      ("tab counter", ScriptCommand.tab("counter")),
      ("tab Profile", .tab("profile")),
      ("tab notes", .tab("notes")),
      ("tab next", .tab(nil)),
      ("save", .save),
      ("wait 1500", .wait(milliseconds: 1500)),
      ("wait 0", .wait(milliseconds: 0)),
      ("screen", .screen),
      ("quit", .quit),
      ("   save", .save),
      ("\tscreen", .screen),
    ])
  func commandsWithoutKeysParse(line: String, command: ScriptCommand) throws {
    #expect(try parse(line) == command)
  }

  @Test func typeSendsEachCharacterAsAKeyPress() throws {
    #expect(
      try parse("type Hi, 日本 🎉")
        == .keys([
          .character("H"), .character("i"), .character(","), .character(" "), .character("日"),
          .character("本"), .character(" "), .character("🎉"),
        ]))
  }

  @Test func pasteSendsOnePaste() throws {
    #expect(try parse("paste Line 1, line 1") == .keys([.paste("Line 1, line 1")]))
  }

  @Test(
    arguments: [
      ("key enter", KeyPress.enter), ("key return", .enter), ("key tab", .tab),
      ("key backspace", .backspace), ("key delete", .delete), ("key del", .delete),
      ("key esc", .escape), ("key escape", .escape), ("key up", .up), ("key down", .down),
      ("key left", .left), ("key right", .right), ("key home", .home), ("key end", .end),
      ("key pageup", .pageUp), ("key pagedown", .pageDown), ("key space", .character(" ")),
      ("key ctrl-s", .control("s")), ("key Ctrl-C", .control("c")), ("key f1", .function(1)),
      ("key F12", .function(12)), ("key n", .character("n")), ("key ?", .character("?")),
    ])
  func keyNamesParse(line: String, key: KeyPress) throws {
    #expect(try parse(line) == .keys([key]))
  }

  @Test func aKeyCountRepeatsTheKey() throws {
    #expect(try parse("key down 3") == .keys([.down, .down, .down]))
  }

  @Test(arguments: ["", "   ", "# a comment", "  # indented comment"])
  func blankLinesAndCommentsAreSkipped(line: String) throws {
    #expect(try parse(line) == nil)
  }

  // MARK: - Escapes

  @Test func typeUnescapesNewlineTabEscapeAndBackslash() throws {
    #expect(
      try parse(#"type a\nb\tc\e[2Jd\\e"#)
        == .keys(Array(#"a\#nb\#tc\#u{1B}[2Jd\e"#).map { KeyPress.character($0) }))
  }

  @Test func pasteUnescapesTheSameWay() throws {
    #expect(try parse(#"paste eggs\nmilk \e[2J"#) == .keys([.paste("eggs\nmilk \u{1B}[2J")]))
  }

  @Test(
    arguments: [
      (#"\n"#, "\n"), (#"\t"#, "\t"), (#"\e"#, "\u{1B}"), (#"\\"#, "\\"), (#"\q"#, "q"),
      (#"end\"#, "end\\"), ("plain", "plain"),
    ])
  func unescape(text: String, result: String) {
    #expect(ScriptCommand.unescape(Substring(text)) == result)
  }

  // MARK: - Errors

  @Test(
    arguments: [
      ("dance", 7, "unknown command 'dance'"),
      ("key", 12, "key needs a name"),
      ("key down 2 3", 4, "key needs a name"),
      ("key hyper", 5, "unknown key 'hyper'"),
      ("key down 0", 6, "bad repeat count"),
      ("key down many", 8, "bad repeat count"),
      ("wait soon", 9, "wait needs ms"),
      ("wait -5", 10, "wait needs ms"),
    ])
  func errorsNameTheLineAndTheProblem(line: String, lineNumber: Int, problem: String) {
    let error = #expect(throws: ShellError.self) {
      try parse(line, lineNumber: lineNumber)
    }
    #expect(error?.description.hasPrefix("script line \(lineNumber): \(problem)") == true)
  }
}
