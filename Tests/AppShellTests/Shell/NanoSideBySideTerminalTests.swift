import Foundation
import Testing

/// nano's keys pressed in nano and in the app, side by side in tmux panes of the same size, and
/// the texts they end with compared: nano is the reference, not a description of it.
@Suite(
  .enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"),
  .enabled(if: SideBySide.nano != nil, "needs nano on PATH (CI installs it)"))
struct NanoSideBySideTerminalTests {
  @Test func ctrlKOnTheLastLineThenCtrlUPastesItAsALineOfItsOwn() async throws {
    let result = try await SideBySide.run(
      "a\nb\nlast", steps: [.press(["Down", "Down", "C-k", "Up", "Home", "C-u"])])
    #expect(result.app == result.nano)
    #expect(result.app == "a\nlast\nb")
  }

  @Test func upOnTheFirstLineAndDownOnTheLastStayPut() async throws {
    // nano without the empty line it keeps after a text's last line break (`--nonewlines`):
    // its last line is then the text's last line, as the app's is.
    let result = try await SideBySide.run(
      "abc\ndef", nanoArguments: ["--nonewlines"],
      steps: [
        .press(["Right", "Up"]), .type("X"), .press(["Down", "Down"]), .type("Y"),
      ])
    #expect(result.app == result.nano)
    #expect(result.app == "aXbc\ndeYf")
  }

  @Test func homeAndEndGoToTheWrappedRowsEndsFirst() async throws {
    // One line of 100 characters, three rows at 40 columns.
    let line = String(repeating: "0123456789", count: 10)
    let result = try await SideBySide.run(
      line,
      steps: [
        .press(["Down", "Right", "Right", "Home"]), .type("H"), .press(["End"]), .type("E"),
        .press(["Home", "Home"]), .type("S"), .press(["End", "End"]), .type("Z"),
      ])
    #expect(result.app == result.nano)
    #expect(result.app.hasPrefix("S0123"))
    #expect(result.app.hasSuffix("Z"))
    #expect(result.app.contains("H0123"))
  }

  @Test func theMarkCutsAndCopiesARegion() async throws {
    let result = try await SideBySide.run(
      "one two three\nfour",
      steps: [
        .press(["M-a", "Right", "Right", "Right", "Right", "C-k", "End", "C-u"]),
        .press(["Down", "Home", "C-6", "Right", "Right", "M-6", "End", "C-u"]),
      ])
    #expect(result.app == result.nano)
    #expect(result.app == "two threeone \nfourfo")
  }

  @Test func replaceAsksAboutEachMatchThenReplacesAll() async throws {
    let result = try await SideBySide.run(
      "cat cat cat\ncat",
      steps: [
        .press(["C-\\"]), .type("cat"), .press(["Enter"]), .type("dog"),
        .press(["Enter", "y", "n", "y", "n"]),
        .press(["C-\\"]), .type("dog"), .press(["Enter"]), .type("bird"), .press(["Enter", "a"]),
      ])
    #expect(result.app == result.nano)
    #expect(result.app == "bird cat bird\ncat")
  }

  @Test func goToLineTakesALineAndAColumn() async throws {
    let result = try await SideBySide.run(
      "a\nbb\nccc\ndddd",
      steps: [
        .press(["C-_"]), .type("3,2"), .press(["Enter"]), .type("X"),
        .press(["C-_"]), .type("2"), .press(["Enter"]), .type("Y"),
      ])
    #expect(result.app == result.nano)
    // Without a column, the cursor's (past the line's end: its end).
    #expect(result.app == "a\nbbY\ncXcc\ndddd")
  }

  @Test func ctrlNPFBMoveAsTheArrowsAndAltWFindsTheNext() async throws {
    let result = try await SideBySide.run(
      "x a x a x\ndef\nghi",
      steps: [
        .press(["C-n", "C-f", "C-f", "C-n", "C-p", "C-b"]), .type("1"),
        .press(["C-Home", "C-w"]), .type("a"), .press(["Enter", "M-w"]), .type("2"),
      ])
    #expect(result.app == result.nano)
    #expect(result.app == "x a x 2a x\nd1ef\nghi")
  }

  @Test func ctrlVAndCtrlYPageDownAndUp() async throws {
    let lines = (1...40).map { "line \($0)" }.joined(separator: "\n")
    let result = try await SideBySide.run(
      lines,
      steps: [
        .press(["C-v"]), .type("A"), .press(["C-v", "C-v"]), .type("B"), .press(["C-y"]),
        .type("C"),
      ])
    #expect(result.app == result.nano)
  }
}
