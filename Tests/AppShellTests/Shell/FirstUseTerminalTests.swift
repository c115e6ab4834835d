import Foundation
import Testing

/// What a newcomer met, tried in the real terminal through tmux: the status line's truth about
/// saving, a help that fits small windows, `--stats`, pasted titles, Page Down at a note's end,
/// the list's header and its width.
@Suite(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
struct FirstUseTerminalTests {
  @Test func theStatusLineNeverSaysSavedAfterTypingThatIsNotSaved() async throws {
    // An hour's autosave: the screens below are read while nothing saves on its own (a
    // loaded machine's polling could otherwise see the autosave's "Saved" first).
    let app = try await TmuxApp(notes: [("Note", "text")], arguments: ["--autosave", "3600"])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-End")
    try await app.tmux.type("!")
    try await app.expectScreen("text!", "Modified")
    try await app.tmux.press("C-s")
    try await app.expectScreen("EDITING  Saved", "Saved 1 note")
    try await app.expectGone("Modified")
    // One more key: the note is unsaved again, and no "Saved" stays on the screen that says so.
    try await app.tmux.type("?")
    let typed = try await app.expectScreen("text!?", "Modified")
    #expect(!typed.contains("Saved"), "\(typed)")
  }

  @Test func theHelpScrollsToItsLastLineInASmallWindow() async throws {
    let app = try await TmuxApp(notes: [("Note", "")], width: 40, height: 12)
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("?")
    let top = try await app.expectScreen("1–9 of")
    #expect(!top.contains("Ctrl-S / Ctrl-O  save now"))
    try await app.tmux.press("End")
    try await app.expectScreen("Ctrl-S / Ctrl-O  save now")
    try await app.tmux.press("Home")
    try await app.expectScreen("1–9 of")
    try await app.tmux.press("Escape")
    try await app.expectGone("1–9 of")
  }

  @Test func statsCountKeysThatDrewNothingApartFromTheFramesOfOthers() async throws {
    let app = try await TmuxApp(notes: [("Only", "")], arguments: ["--stats"])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    // Down from the only note changes nothing; then Page Down does not either.
    try await app.pressAndAwaitRead("Down")
    try await app.pressAndAwaitRead("PageDown")
    try await app.tmux.press("e")
    try await app.expectScreen("EDITING")
    try await app.tmux.type("x")
    try await app.expectScreen("│ x")
    // Ctrl-Q quits from the editor too (Ctrl-X would ask whether to save the change).
    try await app.tmux.press("C-q")
    try await app.expectCleanExit()
    let errors = app.errors()
    let nothing = errors.split(separator: "\n").first { $0.contains("changed nothing on screen") }
    #expect(nothing?.hasSuffix(": 2") == true, "\(errors)")
    // The two keys that drew ("e", "x") waited for their own frames; "q" drew none.
    #expect(errors.contains("key to frame: 2,"), "\(errors)")
  }

  @Test func aPastedTitleOfSeveralLinesBecomesOneLine() async throws {
    let app = try await TmuxApp(notes: [("Old", "")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("r")
    try await app.expectScreen("RENAMING")
    try await app.tmux.press("C-u")
    try await app.tmux.paste("Shopping\nfor the\nweekend")
    try await app.tmux.press("Enter")
    try await app.expectScreen("▸ OldShopping for the weekend")
  }

  /// A paste of 40 KB, not all ASCII, into the search field: the field shows its end, where the
  /// cursor is, and the app still answers keys. (Finding the part of the field that fits was
  /// quadratic in its length: such a paste held the app for minutes.)
  @Test func aLongPasteIntoTheSearchFieldShowsItsEndAndTheAppAnswers() async throws {
    let app = try await TmuxApp(notes: [("Only", "")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("/")
    try await app.expectScreen("search:")
    let words = (0..<3_000).map { "日本 w\($0) " }.joined()
    try await app.tmux.paste(words + "the-end")
    try await app.expectScreen("w2999 the-end", "No note matches")
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING")
  }

  /// At 80 columns, the most common terminal width, a help line wider than the window wraps
  /// instead of being cut off mid-word.
  @Test func helpLinesWiderThanTheWindowWrap() async throws {
    let app = try await TmuxApp(notes: [("Only", "")], width: 80, height: 24)
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("?")
    // Cut off, the line ended mid-word; wrapped, its end is on the next line.
    try await app.expectScreen("Keys", "(saves first)")
  }

  @Test func pageDownAtTheEndOfAShortNoteKeepsItsTextOnScreen() async throws {
    let lines = (1...8).map { "line \($0)" }.joined(separator: "\n")
    let app = try await TmuxApp(notes: [("Short", lines)])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "PageDown", "PageDown")
    try await app.expectScreen("Ln 8/8")
    try await app.expectScreen("│ line 1", "│ line 8")
  }

  @Test func theListHeaderCountsWhatAFilterShows() async throws {
    let app = try await TmuxApp(notes: [("Apples", ""), ("Pears", ""), ("Apple pie", "")])
    defer { app.close() }
    try await app.expectScreen("Notes (3)")
    try await app.tmux.press("/")
    try await app.tmux.type("apple")
    try await app.tmux.press("Enter")
    try await app.expectScreen("Notes (2 of 3)   filter: apple")
  }

  @Test func theListGrowsWithAWideWindow() async throws {
    let title = "A title long enough to be cut at thirty-two columns"
    // A quarter of 240 columns: a whole title of 51 characters.
    let app = try await TmuxApp(notes: [(title, "")], width: 240, height: 20)
    defer { app.close() }
    try await app.expectScreen("▸ \(title) ")
  }
}
