import TerminalUI
import Testing

@testable import AppShell

/// The screen around a feature's view: errors are shown whole, and the first one kept is never
/// pushed out by later ones.
@Suite struct FrameComposerTests {
  final class BlankView: TerminalView {
    func render(width: Int, height: Int) -> [String] { [] }
    func handle(_ keys: [KeyPress]) -> Int { 0 }
    var keyHelp: [String] { ["z  nothing"] }
  }

  func compose(_ shell: ShellState, width: Int = 40, height: Int = 20) -> [String] {
    FrameComposer(color: false).compose(
      shell: shell, titles: ["Notes"], tabs: [0], view: BlankView(), width: width,
      height: height
    ).lines
  }

  let corrupt =
    "/home/me/.local/share/multistore-notes/notes.json is corrupt (unexpected end of data); "
    + "it was kept as notes.json.corrupt-2026-11-24T10-00-00 and a new file will be written"

  @Test func aLongErrorIsWrappedSoItShowsWhole() {
    var shell = ShellState(badges: [""], activeTab: 0)
    shell.keep(error: corrupt)
    let lines = compose(shell)
    #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 40 })
    let shown = lines.filter { $0.hasPrefix("! ") || $0.hasPrefix("  ") }
      .map { $0.dropFirst(2) }.joined(separator: " ")
    #expect(shown.contains("notes.json.corrupt-2026-11-24T10-00-00 and a new file will be"))
  }

  @Test func laterErrorsNeverPushOutTheFirstAndRepeatsAreKeptOnce() {
    var shell = ShellState(badges: [""], activeTab: 0)
    shell.keep(error: "notes.json was corrupt; kept as notes.json.corrupt-1")
    for attempt in 1...10 {
      shell.keep(error: "cannot save notes.json (attempt \(attempt)): No space left on device")
      shell.keep(error: "cannot save notes.json (attempt \(attempt)): No space left on device")
    }
    #expect(shell.errors.count == ShellState.keptErrors)
    #expect(shell.errors.first == "notes.json was corrupt; kept as notes.json.corrupt-1")
    #expect(shell.errors.last?.contains("attempt 10") == true)
    #expect(Set(shell.errors).count == shell.errors.count)
  }

  @Test func errorsThatDoNotFitSayHowManyMoreAndTheHelpShowsThemAll() {
    var shell = ShellState(badges: [""], activeTab: 0)
    shell.keep(error: corrupt)
    shell.keep(error: "cannot save notes.json: Read-only file system")
    let lines = compose(shell, width: 40, height: 14)
    #expect(lines.contains { $0.contains("more line(s): ? shows them all") })

    shell.showHelp = true
    let help = compose(shell, width: 40, height: 30)
    #expect(help.contains { $0.contains("Errors (x dismisses them)") })
    // Every word of both errors is there, in order, wrapped to the width.
    let words = help.flatMap { $0.split(separator: " ") }.filter { $0 != "!" }
      .joined(separator: " ")
    #expect(words.contains("cannot save notes.json: Read-only file system"))
    #expect(words.contains("end of data); it was kept as notes.json.corrupt-2026-11-24T10-00-"))
  }

  @Test func aHelpTooTallForTheScreenScrollsAndSaysWhichLinesItShows() throws {
    var shell = ShellState(badges: [""], activeTab: 0)
    shell.showHelp = true
    let top = FrameComposer(color: false).compose(
      shell: shell, titles: ["Notes"], tabs: [0], view: BlankView(), width: 40, height: 12)
    let maxOffset = try #require(top.helpMaxOffset)
    #expect(maxOffset > 0)
    // At 40 columns the position line is shortened, not cut: it keeps how to close the help.
    #expect(top.lines[10].hasPrefix("  1–9 of "), "\(top.lines[10])")
    #expect(top.lines[10].hasSuffix("Esc closes"), "\(top.lines[10])")
    // A page is the 9 lines shown, the 10th saying which they are.
    #expect(top.helpPage == 9)
    shell.helpOffset = maxOffset
    let bottom = FrameComposer(color: false).compose(
      shell: shell, titles: ["Notes"], tabs: [0], view: BlankView(), width: 40, height: 12)
    // The last lines: this tab's keys.
    #expect(bottom.lines.contains { $0.contains("z  nothing") })
    #expect(!top.lines.contains { $0.contains("z  nothing") })
  }
}
