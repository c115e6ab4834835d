import Foundation
import Testing

/// The small traps a user fell into, tried in the real terminal through tmux: `x` meant two
/// things on the Profile tab, undo forgot all deletes but the last, `n` then Esc left an empty
/// note behind, and a long find showed little of what was looked for.
@Suite(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
struct SmallTrapsTerminalTests {
  static let notJSON = Array("{ not json".utf8)
  static let favorites = Array(
    #"{"favorites":[2,3],"format":"multistore-favorites","version":1}"#.utf8)

  /// With an error shown ("x dismisses"), `x` on the Profile tab dismisses it: it used to
  /// remove the selected favorite instead, without a question or an undo.
  @Test func xOnTheProfileTabDismissesTheErrorsAndKeepsTheFavorites() async throws {
    let app = try await TmuxApp(
      files: ["notes.json": Self.notJSON, "favorites.json": Self.favorites], width: 200)
    defer { app.close() }
    try await app.expectScreen("x dismisses")
    try await app.tmux.press("2")
    try await app.expectScreen("Favorites (2)", "▸ 2")
    try await app.tmux.press("x")
    try await app.expectGone("x dismisses")
    let screen = try await app.expectScreen("Favorites (2)")
    #expect(screen.contains("▸ 2"), "\(screen)")
    try await app.tmux.press("q")
    try await app.expectScreen("EXITED")
    let saved = FileManager.default.contents(atPath: app.directory.file("favorites.json"))
    #expect(saved.map { String(decoding: $0, as: UTF8.self) }?.contains("[2,3]") == true)
  }

  /// Every note deleted in a session comes back, the last deleted first; a `u` with nothing
  /// left says so. (Undo was one level deep: the first of two deletes was gone for good.)
  @Test func undoBringsBackEveryDeleteOfTheSessionAndSaysWhenNoneIsLeft() async throws {
    let app = try await TmuxApp(notes: [("Alpha", "a"), ("Beta", "b"), ("Gamma", "c")])
    defer { app.close() }
    try await app.expectScreen("Notes (3)")
    try await app.tmux.press("d")
    try await app.expectScreen("CONFIRM")
    try await app.tmux.press("y")
    try await app.expectScreen("Notes (2)", "Deleted “Alpha”")
    try await app.tmux.press("d")
    try await app.expectScreen("CONFIRM")
    try await app.tmux.press("y")
    try await app.expectScreen("Notes (1)", "Deleted “Beta”")
    try await app.tmux.press("u")
    try await app.expectScreen("Notes (2)", "Restored “Beta”")
    try await app.tmux.press("u")
    try await app.expectScreen("Notes (3)", "Restored “Alpha”")
    try await app.tmux.press("u")
    try await app.expectScreen("Nothing to undo")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.title).sorted() == ["Alpha", "Beta", "Gamma"])
  }

  /// `n`, then Esc before typing: no "Untitled" note is left in the list or in the file. A
  /// new note typed into is kept as before.
  @Test func aNewNoteLeftEmptyIsGoneOnEsc() async throws {
    let app = try await TmuxApp(notes: [("Kept", "k")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("n")
    try await app.expectScreen("Notes (2)", "EDITING")
    try await app.tmux.press("Escape")
    try await app.expectScreen("Notes (1)", "not kept")
    try await app.expectGone("Untitled")
    try await app.tmux.press("n")
    try await app.expectScreen("EDITING")
    try await app.tmux.type("Typed")
    try await app.expectScreen("│ Typed")
    try await app.tmux.press("Escape")
    try await app.expectScreen("Notes (2)", "BROWSING")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.title) == ["Typed", "Kept"])
  }

  /// A find for a long text that is not there: the status line shows the text's start, an
  /// ellipsis and "not found", within an 80-column line. (The line showed only the quote and
  /// the text's start, cut off before it said what happened.)
  @Test func aLongFindThatFailsShowsTheTextsStartAndSaysNotFound() async throws {
    let app = try await TmuxApp(notes: [("Note", "hello world")], width: 80, height: 12)
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-w")
    try await app.expectScreen("FINDING")
    try await app.tmux.type(
      "the quick brown fox jumps over the lazy dog and keeps running far away into the distance")
    try await app.tmux.press("Enter")
    let screen = try await app.expectScreen("” not found")
    let line = screen.split(separator: "\n").first { $0.contains("not found") } ?? ""
    #expect(line.hasPrefix("EDITING  “the quick brown fox"), "\(line)")
    #expect(line.contains("…” not found  Ln 1/1, Col 1"), "\(line)")
  }
}
