import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A paste into the app, tried in the real terminal through tmux: 50 KB into the list's search
/// over 5,000 notes leaves every key answered at once (the figure is printed), Esc and Ctrl-C
/// included; a closed terminal ends the app, saving, in the middle of it; and a paste where no
/// text is expected changes nothing. The two heavy tests run alone, in a child process, one
/// after the other.
@Suite(
  .serialized, .enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
struct PasteTerminalTests {
  /// What the tests print their figures after (the parent shows the child's lines).
  static let figurePrefix = "paste figure: "

  /// 5,000 notes with accented words, as the issue tried them.
  static let notes: [(String, String)] = (1...5_000).map { number in
    let words = ["café", "résumé", "naïve", "crème", "déjà", "plan", "idea", "list", "straße"]
    let body = (0..<40).map { words[($0 * 7 + number) % words.count] }.joined(separator: " ")
    return (String(format: "Note %04d", number), body)
  }

  /// About 50 KB of accented text with line breaks, ending in a mark the screen can show.
  static let paste: String = {
    var text = ""
    var line = 0
    while text.utf8.count < 50 * 1_024 {
      text += "ligne \(line) : été, crème brûlée, garçon, déjà vu, Über straße\n"
      line += 1
    }
    return text + "fin-du-collage"
  }()

  /// Runs `test` of this suite alone in a child process and shows the figures it printed.
  private func ranAloneShowingFigures(_ test: String) async throws -> Bool {
    guard let child = try await runAlone(suite: "PasteTerminalTests", test: test) else {
      return false
    }
    for line in child.printed.split(separator: "\n") where line.contains(Self.figurePrefix) {
      print(line)
    }
    #expect(child.status == 0, "the test failed alone:\n\(child.printed)")
    #expect(child.printed.contains("1 test"), "the child ran no test:\n\(child.printed)")
    return true
  }

  /// How long `action` took to show on screen what `texts` name: from just before the key was
  /// sent to tmux until the pane's output showed it (tmux's own round trip included).
  private func timed(
    _ app: TmuxApp, _ texts: String..., sourceLocation: SourceLocation = #_sourceLocation,
    after action: () async throws -> Void
  ) async throws -> Duration {
    try await timed(
      app, until: { screen in texts.allSatisfy { screen.contains($0) } },
      sourceLocation: sourceLocation, after: action)
  }

  /// How long `action` took until the screen met `condition`, measured as above.
  private func timed(
    _ app: TmuxApp, until condition: (String) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation, after action: () async throws -> Void
  ) async throws -> Duration {
    let start = ContinuousClock.now
    try await action()
    var screen = ""
    let matched = try await app.tmux.wait {
      screen = try await app.tmux.screen()
      return condition(screen)
    }
    let elapsed = ContinuousClock.now - start
    try #require(
      matched, "the screen never showed what was expected; it showed:\n\(screen)",
      sourceLocation: sourceLocation)
    return elapsed
  }

  /// How many bytes `process` has read, from its `/proc/PID/io` (`rchar`).
  private static func bytesRead(by process: pid_t) -> Int {
    let io = (try? String(contentsOfFile: "/proc/\(process)/io", encoding: .utf8)) ?? ""
    let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }
    return line.flatMap { Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) }
      ?? 0
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    Int(
      duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
  }

  /// The acceptance: 5,000 notes, a search already narrowed to one accented letter,
  /// 50 KB pasted into it, then keys typed one by one, Backspace, Esc, a list key and Ctrl-C.
  /// Each key shows its effect on the screen, and the paste reached the notes as one action
  /// (`--stats` counts them: a paste taken character by character would be 50,000). (It took
  /// 75 s for the search to take the paste: `String.contains` made a table of the pasted text's
  /// characters for every note.) Each key is timed from its send to its effect on the screen
  /// and the worst is printed, not asserted: a shared machine's load decides this figure, and
  /// how fast the paste is handled is the benchmark's ("Notes: a 50 KB paste into a search of
  /// 5,000 notes"; docs/performance.md, "A paste into the search").
  @Test func fiftyKilobytesPastedIntoTheSearchOfFiveThousandNotesLeaveEveryKeyAnswered()
    async throws
  {
    if try await ranAloneShowingFigures(
      "fiftyKilobytesPastedIntoTheSearchOfFiveThousandNotesLeaveEveryKeyAnswered")
    {
      return
    }
    let app = try await TmuxApp(notes: Self.notes, arguments: ["--stats"])
    defer { app.close() }
    let start = try await app.expectScreen("Notes (5000)", "BROWSING")
    // The row below the selected one: where `j` moves the selection after the search.
    let rows = start.split(separator: "\n").map {
      $0.split(separator: "│").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
    let selected = try #require(rows.firstIndex { $0.hasPrefix("▸ ") }, "\(start)")
    let next = rows[selected + 1]
    try await app.tmux.press("/")
    try await app.expectScreen("SEARCHING")
    try await app.tmux.type("é")
    try await app.expectScreen("search: é")

    let pasteTime = try await timed(app, "fin-du-collage", "Notes (0 of 5000)") {
      try await app.tmux.paste(Self.paste)
    }
    // The paste is input too: the time it took to show counts as a key's.
    var keyTimes: [Duration] = [pasteTime]
    var typed = "fin-du-collage"
    for key in "abcdefghij" {
      typed.append(key)
      keyTimes.append(try await timed(app, typed) { try await app.tmux.type(String(key)) })
    }
    for _ in 0..<3 {
      typed.removeLast()
      // The field's line ends where the text does: with the character gone.
      let field = typed
      keyTimes.append(
        try await timed(
          app,
          until: { screen in
            screen.split(separator: "\n").contains { $0.hasSuffix(field) }
          }
        ) { try await app.tmux.press("BSpace") })
    }
    let escapeTime = try await timed(app, "BROWSING", "Notes (5000)") {
      try await app.tmux.press("Escape")
    }
    keyTimes.append(escapeTime)
    // A list key after Esc: the next note is selected (Esc did not merge with it into Alt-J,
    // and it was not typed into a search).
    keyTimes.append(try await timed(app, "▸ " + next) { try await app.tmux.press("j") })
    let quitTime = try await timed(app, "EXITED 0") { try await app.tmux.press("C-c") }

    let worst = try #require(keyTimes.max())
    print(
      "\(Self.figurePrefix)5,000 notes, 50 KB pasted into the list search: worst key to "
        + "screen \(Self.milliseconds(worst)) ms over \(keyTimes.count) inputs (the paste, 10 "
        + "typed keys, 3 Backspace, Esc, j; each from tmux's send to the pane showing it); "
        + "the paste shown \(Self.milliseconds(pasteTime)) ms after paste-buffer; Esc "
        + "\(Self.milliseconds(escapeTime)) ms; Ctrl-C to exit, saving, "
        + "\(Self.milliseconds(quitTime)) ms")
    // The keys sent: `/`, `é`, the paste, 10 letters, 3 Backspace, Esc, `j` and Ctrl-C. Each
    // is one action of the notes or none (Ctrl-C is the shell's), and loading the notes and
    // saving them on the way out take a few more; one action per pasted character would be
    // over 50,000.
    let actions = try #require(Self.notesActions(in: app.errors()), "\(app.errors())")
    print("\(Self.figurePrefix)the notes' actions, from the start to the exit: \(actions)")
    #expect((18...40).contains(actions), "the notes' actions: \(actions)\n\(app.errors())")
  }

  /// The notes store's action count in what `--stats` printed on exit.
  private static func notesActions(in report: String) -> Int? {
    let line = report.split(separator: "\n").first { $0.hasPrefix("  Notes: actions=") }
    return line.flatMap { Int($0.dropFirst("  Notes: actions=".count).prefix { $0.isNumber }) }
  }

  /// A terminal closed (SIGHUP) right after 50 KB were pasted into the search of 5,000 notes:
  /// the app ends with 129, and the note typed before is saved. (The app answered the signal
  /// only once the search had taken the paste, 75 s later.) The time from the signal to the
  /// exit is printed, not asserted.
  @Test func aTerminalClosedDuringAPasteEndsTheAppAndSaves() async throws {
    if try await ranAloneShowingFigures("aTerminalClosedDuringAPasteEndsTheAppAndSaves") {
      return
    }
    let app = try await TmuxApp(notes: Self.notes)
    defer { app.close() }
    try await app.expectScreen("Notes (5000)", "BROWSING")
    try await app.tmux.press("n")
    try await app.expectScreen("EDITING")
    try await app.tmux.type("typed before the hangup")
    try await app.expectScreen("│ typed before the hangup")
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("/")
    try await app.expectScreen("SEARCHING")
    try await app.tmux.type("é")
    try await app.expectScreen("search: é")
    let process = try #require(try await app.tmux.paneChildren().first, "the app is not running")
    let before = Self.bytesRead(by: process)
    try await app.tmux.paste(Self.paste)
    // The hangup comes once the app has read the whole paste, while it handles it. (The wait
    // ends at the screen's next change, or 3 s on when the app draws nothing.)
    let read = try await app.tmux.wait(timeout: .seconds(3)) {
      Self.bytesRead(by: process) >= before + Self.paste.utf8.count
    }
    try #require(read, "the app never read the paste")
    let hangUpTime = try await timed(app, "EXITED 129") { _ = kill(process, SIGHUP) }
    print(
      "\(Self.figurePrefix)SIGHUP right after a 50 KB paste into the search of 5,000 notes: "
        + "exited, saving, \(Self.milliseconds(hangUpTime)) ms after the signal")
    #expect(app.errors().contains("SIGHUP received; notes saved"), "\(app.errors())")
    #expect(try app.savedNotes().contains { $0.body == "typed before the hangup" })
  }

  /// Pasted into the list (not searching), text that would be commands if typed (`n`, `d`, `y`,
  /// `e`, `q`) changes nothing: no note is made, deleted or opened, and the app runs on. (It
  /// fails without bracketed paste: then the paste is typing.)
  @Test func aPasteIntoTheListChangesNothing() async throws {
    let app = try await TmuxApp(notes: [("First", "one"), ("Second", "two")])
    defer { app.close() }
    try await app.expectScreen("Notes (2)", "BROWSING")
    try await app.tmux.paste("n\nd\ny\ne typed into a note\nq")
    // A key after the paste, to know the paste was read: the help opens.
    try await app.tmux.press("?")
    try await app.expectScreen("Keys")
    try await app.tmux.press("Escape")
    let screen = try await app.expectScreen("Notes (2)", "BROWSING", "▸ First")
    #expect(!screen.contains("typed into a note"), "\(screen)")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.title) == ["First", "Second"])
  }

  /// Pasted into the counter and the profile, text that would be their keys if typed (`+`,
  /// `-`, `s` toggles a favorite, `x` removes one) changes nothing there either. (It fails
  /// without bracketed paste: then the paste is typing.)
  @Test func aPasteIntoTheCounterOrTheProfileChangesNothing() async throws {
    let app = try await TmuxApp(notes: [("Note", "")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("1")
    try await app.tmux.press("+", "s")
    try await app.expectScreen("[1 Counter 1]", "Saved 1 as a favorite")
    for tab in ["1", "2"] {
      try await app.tmux.press(tab)
      try await app.expectScreen("[\(tab) ")
      try await app.tmux.paste("+++\n-\ns x\n")
      // A key after the paste, to know the paste was read: the help opens.
      try await app.tmux.press("?")
      try await app.expectScreen("Keys")
      try await app.tmux.press("Escape")
      try await app.expectGone("Keys")
      try await app.expectScreen("Counter 1", "Profile 1")
    }
  }

  /// Esc and then `j`, sent one right after the other (two reads, milliseconds apart): the
  /// search ends and the next note is selected. (The ESC waited 50 ms for more bytes and the
  /// `j` that came within them made Alt-J, which the search ignored.)
  @Test func escapeAndAKeyRightAfterItAreTwoKeys() async throws {
    let app = try await TmuxApp(notes: [("First", "one"), ("Second", "two")])
    defer { app.close() }
    try await app.expectScreen("Notes (2)", "▸ First")
    try await app.tmux.press("/")
    try await app.tmux.type("o")
    try await app.expectScreen("search: o")
    // Once the app has read the ESC alone (on a loaded machine both could come in one read,
    // which is Alt-J), `j` comes in a read of its own.
    try await app.pressAndAwaitRead("Escape")
    try await app.tmux.press("j")
    try await app.expectScreen("BROWSING", "▸ Second")
  }
}
