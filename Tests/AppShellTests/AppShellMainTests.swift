import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every exit status docs/app.md promises, each produced by the built `AppShell` run as a
/// process: without a terminal (script mode) where the status does not need one, in tmux where
/// it does (the terminal checks, the signals).
@Suite struct AppShellMainTests {
  /// Runs the built app with `arguments` and `script` on standard input.
  private func runApp(
    _ arguments: [String], script: String = "quit\n", timeLimit: Duration = .seconds(60)
  ) async throws -> ChildProcess.Result {
    let binary = try #require(
      AppBinary.path, "AppShell is not built (looked at \(AppBinary.candidates))")
    return try await ChildProcess.run(
      binary, arguments: arguments, environment: ProcessInfo.processInfo.environment,
      input: script, timeLimit: timeLimit)
  }

  /// Exactly one line on standard error, starting `AppShell: `.
  private func expectOneLine(
    _ errors: String, containing words: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(errors.hasPrefix("AppShell: "), "\(errors)", sourceLocation: sourceLocation)
    #expect(
      errors.hasSuffix("\n") && !errors.dropLast().contains("\n"),
      "not one line: \(errors.debugDescription)", sourceLocation: sourceLocation)
    #expect(errors.contains(words), "\(errors)", sourceLocation: sourceLocation)
  }

  // MARK: Without a terminal

  @Test func aNormalQuitExitsZero() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await runApp(["--data-dir", directory.path], script: "tab notes\nquit\n")
    #expect(run.status == 0, "stderr: \(run.errors)")
    #expect(run.errors.isEmpty, "\(run.errors)")
  }

  @Test func anUnknownOptionExitsTwo() async throws {
    let run = try await runApp(["--no-such-option"])
    #expect(run.status == 2)
    #expect(run.output.isEmpty, "\(run.output)")
    expectOneLine(run.errors, containing: "unknown option '--no-such-option'")
  }

  @Test func aDataDirectoryOptionWithoutAPathExitsTwo() async throws {
    let run = try await runApp(["--data-dir"])
    #expect(run.status == 2)
    expectOneLine(run.errors, containing: "--data-dir needs a path")
  }

  @Test func aScriptLineThatCannotBeParsedExitsTwo() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await runApp(
      ["--data-dir", directory.path], script: "tab notes\nfly to the moon\nquit\n")
    #expect(run.status == 2)
    expectOneLine(run.errors, containing: "script line 2: unknown command 'fly'")
  }

  /// 1 is for errors that are not the user's input: here `compare` cannot write the chart it
  /// was asked for.
  @Test func anyOtherErrorExitsOne() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let chart = directory.file("missing-folder/chart.svg")
    let run = try await runApp(
      ["compare", "--features", "0", "--repeat", "1", "--chart", chart], script: "",
      timeLimit: .seconds(300))
    #expect(run.status == 1, "stderr: \(run.errors)")
    expectOneLine(run.errors, containing: "cannot write \(chart)")
  }

  // MARK: In a terminal (tmux)

  /// What `AppShell` left when it ended in tmux: its status, and its standard error.
  private struct Ending {
    var status: Int32?
    var errors: String
    var screen: String
  }

  /// Runs `command` (the app and its arguments, as shell words, with `2>` added) in tmux,
  /// lets `drive` act on it, and waits until it has exited.
  private func runInTmux(
    _ command: String, in directory: TemporaryDirectory,
    drive: (TmuxServer) async throws -> Void = { _ in }
  ) async throws -> Ending {
    let tmux = TmuxServer()
    defer { tmux.kill() }
    let errors = directory.file("stderr")
    try await tmux.start("\(command) 2>\(shellQuoted(errors)); echo EXITED $?; sleep 60")
    try await drive(tmux)
    let (screen, exited) = try await tmux.waitForScreen(
      showing: ["EXITED"])
    try #require(exited, "the app never exited; the screen showed:\n\(screen)")
    let status = screen.split(separator: "\n").lazy
      .compactMap { line in line.firstRange(of: "EXITED ").map { line[$0.upperBound...] } }
      .first.flatMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
    #expect(try await tmux.paneValue("alternate_on") == "0", "the alternate screen is still on")
    #expect(try await tmux.paneValue("cursor_flag") == "1", "the cursor is still hidden")
    return Ending(
      status: status,
      errors: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "",
      screen: screen)
  }

  private func appCommand(_ directory: TemporaryDirectory, data: String? = nil) throws -> String {
    let binary = try #require(AppBinary.path, "AppShell is not built")
    return "\(shellQuoted(binary)) --data-dir \(shellQuoted(data ?? directory.file("data")))"
  }

  private func makeDataDirectory(_ directory: TemporaryDirectory) throws {
    try FileManager.default.createDirectory(
      atPath: directory.file("data"), withIntermediateDirectories: false)
  }

  @Test(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
  func aDumbTerminalExitsTwoWithoutTakingIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try makeDataDirectory(directory)
    let ending = try await runInTmux("TERM=dumb \(try appCommand(directory))", in: directory)
    #expect(ending.status == 2, "\(ending.screen)")
    expectOneLine(ending.errors, containing: "(TERM=dumb) cannot show the full-screen app")
  }

  @Test(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
  func standardOutputThatIsNotATerminalExitsTwoWithoutTakingIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try makeDataDirectory(directory)
    let output = directory.file("stdout")
    let ending = try await runInTmux(
      "\(try appCommand(directory)) >\(shellQuoted(output))", in: directory)
    #expect(ending.status == 2, "\(ending.screen)")
    expectOneLine(ending.errors, containing: "standard output is not a terminal")
    #expect(FileManager.default.contents(atPath: output)?.isEmpty == true)
  }

  /// The signals docs/app.md names, by name and number.
  static let signals: [(name: String, number: Int32)] = [
    ("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP), ("SIGINT", SIGINT), ("SIGQUIT", SIGQUIT),
    ("SIGUSR1", SIGUSR1), ("SIGUSR2", SIGUSR2), ("SIGALRM", SIGALRM),
  ]

  /// Starts the app, types a note, and sends it `signal` once the note shows.
  private func typeThenSignal(_ signal: Int32) -> (TmuxServer) async throws -> Void {
    { tmux in
      let (screen, started) = try await tmux.waitForScreen(
        showing: ["No notes: n to create one"])
      try #require(started, "the app did not start; the screen showed:\n\(screen)")
      try await tmux.press("n")
      try await tmux.type("typed before the signal")
      let (typedScreen, typed) = try await tmux.waitForScreen(
        showing: ["│ typed before the signal"])
      try #require(typed, "the note never showed; the screen showed:\n\(typedScreen)")
      let app = try #require(try await tmux.paneChildren().first, "the app is not running")
      kill(app, signal)
    }
  }

  @Test(
    .enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"),
    arguments: signals.map(\.name))
  func eachSignalSavesAndExitsWith128PlusItsNumber(name: String) async throws {
    let number = try #require(Self.signals.first { $0.name == name }?.number)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try makeDataDirectory(directory)

    let ending = try await runInTmux(
      try appCommand(directory), in: directory, drive: typeThenSignal(number))

    #expect(ending.status == 128 + number, "\(ending.screen)")
    #expect(ending.errors == "AppShell: \(name) received; notes saved\n")
    let saved = FileManager.default.contents(atPath: directory.file("data/notes.json"))
    #expect(
      saved.map { String(decoding: $0, as: UTF8.self).contains("typed before the signal") }
        == true, "the note was not saved")
  }

  /// Both apply: a signal ended the app, and the notes could not be saved (a directory stands
  /// where notes.json should be). 3 wins, and the one line names the recovery file.
  @Test(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
  func aSaveThatFailsDuringASignalExitsThree() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.file("data/notes.json"), withIntermediateDirectories: true)

    let ending = try await runInTmux(
      try appCommand(directory), in: directory, drive: typeThenSignal(SIGTERM))

    #expect(ending.status == 3, "\(ending.screen)")
    expectOneLine(ending.errors, containing: "your unsaved changes are kept in")
    #expect(!ending.errors.contains("SIGTERM"), "\(ending.errors)")
    let entries = try FileManager.default.contentsOfDirectory(atPath: directory.file("data"))
    let recovery = try #require(entries.first { $0.hasPrefix("notes.recovery-") }, "\(entries)")
    #expect(ending.errors.contains(recovery))
    let kept = FileManager.default.contents(atPath: directory.file("data/\(recovery)"))
    #expect(
      kept.map { String(decoding: $0, as: UTF8.self).contains("typed before the signal") }
        == true, "the recovery file lacks the note")
  }
}
