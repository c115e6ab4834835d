import Foundation
import Testing

/// The screens in small windows, tried in the real terminal through tmux: the help pages by
/// what the window shows, the footers keep their keys at 40 and 20 columns, and a tab in a
/// pasted title shows as spaces.
@Suite(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
struct SmallScreenTerminalTests {
  /// The help's position line ("lines 1–9 of 46" or, narrower, "1–9/46"): its first and last
  /// line shown and how many there are.
  static func helpPosition(in screen: String) -> (first: Int, last: Int, count: Int)? {
    for line in screen.split(separator: "\n").reversed() {
      let numbers = line.split { !$0.isNumber }.compactMap { Int($0) }
      if numbers.count >= 3, line.contains("–"), line.contains("PgDn") {
        return (numbers[0], numbers[1], numbers[2])
      }
    }
    return nil
  }

  /// Page Down moves the help by the lines the window shows: from the first page to the last,
  /// each page starts on the line after the previous one's last, so every line is shown. (It
  /// moved 10 lines whatever the window: at 40×12, 9 lines a page, one line in ten was never
  /// shown; at 80×10, 7 a page, three.)
  @Test(arguments: [(40, 12), (80, 10), (20, 5)])
  func pageDownInTheHelpShowsEveryLine(width: Int, height: Int) async throws {
    let app = try await TmuxApp(notes: [("Note", "")], width: width, height: height)
    defer { app.close() }
    try await app.expectScreen("Note")
    try await app.tmux.press("?")
    var screen = try await app.expectScreen("PgDn")
    var position = try #require(Self.helpPosition(in: screen), "\(screen)")
    #expect(position.first == 1)
    while position.last < position.count {
      let before = position
      try await app.tmux.press("PageDown")
      let moved = try await app.tmux.wait {
        screen = try await app.tmux.screen()
        return Self.helpPosition(in: screen).map { $0.first != before.first } ?? false
      }
      try #require(moved, "Page Down did not scroll:\n\(screen)")
      position = try #require(Self.helpPosition(in: screen), "\(screen)")
      // The last page ends on the last line, and may show some of the previous page again.
      #expect(
        position.first == before.last + 1
          || (position.last == position.count && position.first <= before.last + 1),
        """
        from lines \(before.first)–\(before.last) Page Down showed \
        \(position.first)–\(position.last) of \(position.count)
        """)
    }
  }

  /// At 40 columns the help's position line is whole (its keys, and how to close it), and so
  /// is the delete question's answer: the words give way, the keys stay.
  @Test func theFootersAreWholeAtFortyColumns() async throws {
    let app = try await TmuxApp(notes: [("Groceries", ""), ("Other", "")], width: 40, height: 12)
    defer { app.close() }
    try await app.expectScreen("Notes (2)")
    try await app.tmux.press("d")
    try await app.expectScreen("CONFIRM  Delete “Groceries”?  y/n")
    try await app.tmux.press("n")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("?")
    try await app.expectScreen("PgUp PgDn, Esc closes")
  }

  /// At 20×5 the delete question still shows its y/n, and the search its keys (⏎ keeps the
  /// filter, Esc clears it).
  @Test func theQuestionsKeysAndTheSearchHintShowAtTwentyByFive() async throws {
    let app = try await TmuxApp(notes: [("Groceries", ""), ("Other", "")], width: 20, height: 5)
    defer { app.close() }
    try await app.expectScreen("Notes (2)")
    try await app.tmux.press("d")
    try await app.expectScreen("CONFIRM", "y/n")
    try await app.tmux.press("n")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("/")
    try await app.expectScreen("SEARCHING ⏎ Esc")
  }

  /// A tab pasted into a title shows in the list as the spaces to the next tab stop, as the
  /// editor shows one, not as `^I`.
  @Test func aTabInAPastedTitleShowsAsSpacesInTheList() async throws {
    let app = try await TmuxApp(notes: [("Old", "")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("r")
    try await app.expectScreen("RENAMING")
    try await app.tmux.paste("Col A\tCol B")
    try await app.tmux.press("Enter")
    // "OldCol A" is 8 columns: the tab reaches the next stop, 8 further.
    let screen = try await app.expectScreen("▸ OldCol A        Col B")
    #expect(!screen.contains("^I"), "\(screen)")
  }
}
