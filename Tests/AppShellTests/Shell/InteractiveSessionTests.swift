import Foundation
import TerminalUI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal UI, driven through tmux as a person would use it: the built `AppShell`
/// binary in a 100×30 pane, keys typed into it, the screen read back.
@Suite(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
struct InteractiveSessionTests {
  static let note = "Grüße, 日本 🎉"

  /// Starts the app in `tmux`; when it exits, the pane shows `EXITED <status>`.
  private func launch(in tmux: TmuxServer, dataDirectory: String) async throws {
    let looked = AppBinary.candidates.joined(separator: " and ")
    let binary = try #require(
      AppBinary.path,
      "the AppShell executable is not built (looked for \(looked)): run `swift build` first")
    try await tmux.start(
      "\(shellQuoted(binary)) --data-dir \(shellQuoted(dataDirectory)); echo EXITED $?; sleep 60")
  }

  /// Waits until the screen shows every one of `texts`; otherwise ends the test, showing the
  /// screen it saw instead.
  private func expectScreen(
    _ tmux: TmuxServer, showing texts: String..., sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let (screen, matched) = try await tmux.waitForScreen(showing: texts)
    try #require(
      matched, "the screen never showed \(texts); it showed:\n\(screen)",
      sourceLocation: sourceLocation)
  }

  /// Waits until the app has exited with status 0 and given the terminal back.
  private func expectCleanExit(
    _ tmux: TmuxServer, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await expectScreen(tmux, showing: "EXITED 0", sourceLocation: sourceLocation)
    #expect(
      try await tmux.paneValue("alternate_on") == "0", "the alternate screen is still on",
      sourceLocation: sourceLocation)
    #expect(
      try await tmux.paneValue("cursor_flag") == "1", "the cursor is still hidden",
      sourceLocation: sourceLocation)
  }

  /// The notes saved in `directory`, as (title, body) pairs.
  private func savedNotes(
    in directory: TemporaryDirectory
  ) throws -> [(title: String, body: String)] {
    let data = try #require(
      FileManager.default.contents(atPath: directory.file("notes.json")), "notes.json is missing")
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let notes = try #require(document["notes"] as? [[String: Any]], "no notes in \(document)")
    return notes.map { (($0["title"] as? String) ?? "", ($0["body"] as? String) ?? "") }
  }

  @Test func aNoteTypedInTheTerminalIsSavedOnQuitAndShownAfterARestart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }

    do {
      let tmux = TmuxServer()
      defer { tmux.kill() }
      try await launch(in: tmux, dataDirectory: directory.path)
      try await expectScreen(tmux, showing: "[3 Notes 0]", "No notes: n to create one")
      #expect(try await tmux.paneValue("alternate_on") == "1")

      try await tmux.press("n")
      try await tmux.type(Self.note)
      try await tmux.press("Enter")
      try await tmux.type("second line")
      try await expectScreen(
        tmux, showing: "[3 Notes 1]", "▸ \(Self.note)", "│ \(Self.note)", "│ second line")
      #expect(try await tmux.paneValue("cursor_flag") == "1", "the editor shows the cursor")

      // Escape on its own, with no key after it, stops editing: the cursor goes away.
      try await tmux.press("Escape")
      #expect(try await tmux.wait { try await tmux.paneValue("cursor_flag") == "0" })

      try await tmux.press("Tab")
      try await expectScreen(tmux, showing: "[1 Counter 0]", "[-]   0   [+]")
      try await tmux.press("Tab", "Tab")
      try await expectScreen(tmux, showing: "[3 Notes 1]", "│ second line")

      try await tmux.press("q")
      try await expectCleanExit(tmux)
    }

    let saved = try savedNotes(in: directory)
    // A new note is named after its first line.
    #expect(saved.map(\.title) == [Self.note])
    #expect(saved.map(\.body) == ["\(Self.note)\nsecond line"])

    do {
      let tmux = TmuxServer()
      defer { tmux.kill() }
      try await launch(in: tmux, dataDirectory: directory.path)
      try await expectScreen(
        tmux, showing: "[3 Notes 1]", "▸ \(Self.note)", "│ \(Self.note)", "│ second line")

      try await tmux.press("e")
      try await tmux.type("Edited ")
      try await expectScreen(tmux, showing: "Edited ")
      // In the editor Ctrl-C is nano's (where the cursor is); from the list it quits.
      try await tmux.press("Escape")
      try await expectScreen(tmux, showing: "BROWSING")
      try await tmux.press("C-c")
      try await expectCleanExit(tmux)
    }

    // Ctrl-C quits cleanly: the unsaved edit was saved first.
    let afterCtrlC = try savedNotes(in: directory)
    #expect(afterCtrlC.count == 1)
    #expect(afterCtrlC.first?.body.contains("Edited ") == true)
    #expect(afterCtrlC.first?.body.contains("second line") == true)
  }

  @Test func aTerminalPasteIsInsertedAsTextWithItsNewlinesAndEscapes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let tmux = TmuxServer()
    defer { tmux.kill() }
    try await launch(in: tmux, dataDirectory: directory.path)
    try await expectScreen(tmux, showing: "No notes: n to create one")

    try await tmux.press("n")
    // Inside a bracketed paste, `q` and Escape are text, not keys for the shell.
    try await tmux.paste("pasted q\nline two \u{1B}[2J")
    try await expectScreen(tmux, showing: "│ pasted q", "│ line two ^[[2J")
    // Escape and q in one write would be Alt-Q: press Escape alone and wait for it.
    try await tmux.press("Escape")
    try await expectScreen(tmux, showing: "BROWSING")
    try await tmux.press("q")
    try await expectCleanExit(tmux)
    #expect(try savedNotes(in: directory).map(\.body) == ["pasted q\nline two \u{1B}[2J"])
  }

  @Test func ctrlZSuspendsToTheShellAndFgResumesWithTheScreenAndTheKeys() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let binary = try #require(AppBinary.path, "the AppShell executable is not built")
    let tmux = TmuxServer()
    defer { tmux.kill() }
    // An interactive shell, for job control: Ctrl-Z stops the app and `fg` continues it.
    try await tmux.start("PS1='$ ' bash --norc --noprofile -i")
    try await expectScreen(tmux, showing: "$")
    try await tmux.type(
      "\(shellQuoted(binary)) --data-dir \(shellQuoted(directory.path))")
    try await tmux.press("Enter")
    try await expectScreen(tmux, showing: "No notes: n to create one")
    try await tmux.press("n")
    try await tmux.type("before")
    try await expectScreen(tmux, showing: "│ before")

    for round in 1...3 {
      try await tmux.press("C-z")
      try await expectScreen(tmux, showing: "Stopped")
      // The shell has its own screen back, in cooked mode, with the cursor shown.
      #expect(try await tmux.paneValue("alternate_on") == "0", "round \(round)")
      #expect(try await tmux.paneValue("cursor_flag") == "1", "round \(round)")
      try await tmux.type("clear; fg")
      try await tmux.press("Enter")
      // Resumed: full screen again, redrawn, and typing goes on where it was.
      try await expectScreen(tmux, showing: "[3 Notes 1]", "│ before")
      #expect(try await tmux.paneValue("alternate_on") == "1", "round \(round)")
    }
    try await tmux.type(" after")
    try await expectScreen(tmux, showing: "│ before after")
    // Escape alone: Escape and a key in one read are Alt and that key.
    try await tmux.press("Escape")
    try await expectScreen(tmux, showing: "BROWSING")
    try await tmux.press("q")
    // A job that was stopped does not run the rest of its command line: ask for the status.
    try await expectScreen(tmux, showing: "$")
    try await tmux.type("echo EXITED $?")
    try await tmux.press("Enter")
    try await expectCleanExit(tmux)
    #expect(try savedNotes(in: directory).map(\.body) == ["before after"])
  }

  @Test func sigtermWhileEditingSavesRestoresTheTerminalAndSaysSo() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let tmux = TmuxServer()
    defer { tmux.kill() }
    try await launch(in: tmux, dataDirectory: directory.path)
    try await expectScreen(tmux, showing: "No notes: n to create one")
    try await tmux.press("n")
    try await tmux.type("unsaved when the signal came")
    try await expectScreen(tmux, showing: "│ unsaved when the signal came")

    let app = try #require(try await tmux.paneChildren().first, "the app is not running")
    kill(app, SIGTERM)

    try await expectScreen(tmux, showing: "SIGTERM received; notes saved", "EXITED 143")
    #expect(try await tmux.paneValue("alternate_on") == "0")
    #expect(try await tmux.paneValue("cursor_flag") == "1")
    #expect(try savedNotes(in: directory).map(\.body) == ["unsaved when the signal came"])
  }

  @Test func aFortyColumnTerminalKeepsEveryTabAndTheEditorUsable() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let tmux = TmuxServer()
    defer { tmux.kill() }
    let binary = try #require(AppBinary.path, "the AppShell executable is not built")
    try await tmux.start(
      "\(shellQuoted(binary)) --data-dir \(shellQuoted(directory.path)); echo EXITED $?; sleep 60",
      width: 40, height: 12)
    try await expectScreen(tmux, showing: "1 C", "2 P", "[3 N")
    try await tmux.press("n")
    try await tmux.type("a line longer than the forty columns of this narrow window")
    try await expectScreen(tmux, showing: "narrow window")
    let screen = try await tmux.screen()
    #expect(
      screen.split(separator: "\n").allSatisfy { TerminalText.width(of: String($0)) <= 40 },
      "\(screen)")
    try await tmux.press("Escape")
    try await expectScreen(tmux, showing: "BROWSING")
    try await tmux.press("1")
    try await expectScreen(tmux, showing: "[1 C")
    try await tmux.press("q")
    try await expectCleanExit(tmux)
  }
}
