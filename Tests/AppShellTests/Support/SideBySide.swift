import Foundation
import Testing

/// The same keys pressed in GNU nano and in the app, each in a tmux pane of the same size, and
/// the text each ends with: what the nano-keys tests compare. nano runs with soft wrapping (the
/// app's editor wraps long lines), without its help lines (so both show the same number of text
/// rows) and without a user's settings.
enum SideBySide {
  /// A step of what a person does: keys by tmux name, or text typed.
  enum Step {
    case press([String])
    case type(String)
  }

  /// `nano` on `PATH`, if there is one.
  static let nano: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("nano")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// The text nano and the app end with after `steps` on `text`, in `width`×`height` panes
  /// (nano given `nanoArguments` too). The
  /// app opens the note with `e`, the cursor at its start as nano's is, and leaves it with Esc;
  /// nano writes its file with Ctrl-O. nano adds a line break at the end of a file without one,
  /// so a last line break is dropped from both.
  static func run(
    _ text: String, width: Int = 40, height: Int = 12, nanoArguments: [String] = [],
    steps: [Step], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (nano: String, app: String) {
    // The app's tab bar and header take two rows more than nano's title bar: nano's pane is
    // two rows shorter, so that both show as many rows of text.
    let nanoText = try await runNano(
      text, width: width, height: height - 2, arguments: nanoArguments, steps: steps)
    let app = try await TmuxApp(notes: [("Note", text)], width: width, height: height)
    defer { app.close() }
    try await app.expectScreen("Notes (1)", sourceLocation: sourceLocation)
    try await app.tmux.press("e")
    try await perform(steps, in: app.tmux)
    // Escape alone: followed at once by a letter it would read as Alt and that letter.
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING", sourceLocation: sourceLocation)
    try await app.tmux.press("q")
    try await app.expectCleanExit(sourceLocation: sourceLocation)
    let body = try #require(try app.savedNotes().first, sourceLocation: sourceLocation).body
    return (droppingLastLineBreak(nanoText), droppingLastLineBreak(body))
  }

  private static func runNano(
    _ text: String, width: Int, height: Int, arguments: [String], steps: [Step]
  ) async throws -> String {
    let nano = try #require(nano, "nano is not on PATH")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("note.txt")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let tmux = TmuxServer()
    defer { tmux.kill() }
    let command = ([nano.path, "--ignorercfiles", "--softwrap", "--nohelp"] + arguments + [file])
      .map(shellQuoted).joined(separator: " ")
    try await tmux.start("\(command); echo EXITED $?; sleep 60", width: width, height: height)
    let started = try await tmux.waitForScreen(showing: ["[ Read "])
    try #require(started.matched, "nano did not start:\n\(started.screen)")
    try await perform(steps, in: tmux)
    try await tmux.press("C-o")
    let asked = try await tmux.waitForScreen(showing: ["File Name to Write"])
    try #require(asked.matched, "nano did not ask for the file name:\n\(asked.screen)")
    try await tmux.press("Enter")
    let wrote = try await tmux.waitForScreen(showing: ["Wrote"])
    try #require(wrote.matched, "nano did not write the file:\n\(wrote.screen)")
    try await tmux.press("C-x")
    let exited = try await tmux.waitForScreen(showing: ["EXITED 0"])
    try #require(exited.matched, "nano did not exit:\n\(exited.screen)")
    return try String(contentsOfFile: file, encoding: .utf8)
  }

  private static func perform(_ steps: [Step], in tmux: TmuxServer) async throws {
    for step in steps {
      switch step {
      case .press(let keys): try await tmux.press(keys)
      case .type(let text): try await tmux.type(text)
      }
    }
  }

  private static func droppingLastLineBreak(_ text: String) -> String {
    text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}
