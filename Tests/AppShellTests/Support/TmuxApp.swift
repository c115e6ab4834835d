import Foundation
import Testing

/// The built `AppShell` in a private tmux server, driven as a person would drive it: what the
/// tmux tests of the keys and of what a newcomer meets share.
struct TmuxApp {
  let tmux = TmuxServer()
  let directory: TemporaryDirectory

  /// Starts the app on a fresh data directory holding `notes` (title, body), if any, and
  /// `files` (name, bytes) as they are, in a `width`×`height` pane; when it exits, the pane
  /// shows `EXITED <status>`. With `directory`, it starts on that one instead (a second
  /// instance, a second start).
  init(
    notes: [(String, String)] = [], files: [String: [UInt8]] = [:],
    directory: TemporaryDirectory? = nil, width: Int = 100, height: Int = 30,
    arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    self.directory = try directory ?? TemporaryDirectory()
    let directory = self.directory
    for (name, bytes) in files {
      try Data(bytes).write(to: URL(fileURLWithPath: directory.file(name)))
    }
    if !notes.isEmpty {
      let document: [String: Any] = [
        "format": "multistore-notes", "version": 1,
        "notes": notes.enumerated().map { index, note in
          ["id": index + 1, "title": note.0, "body": note.1, "revision": notes.count - index]
        },
      ]
      let data = try JSONSerialization.data(withJSONObject: document)
      try data.write(to: URL(fileURLWithPath: directory.file("notes.json")))
    }
    let binary = try #require(
      AppBinary.path, "the AppShell executable is not built: run `swift build` first",
      sourceLocation: sourceLocation)
    let command =
      ([binary, "--data-dir", directory.path] + arguments).map(shellQuoted).joined(separator: " ")
    try await tmux.start(
      "\(command) 2>\(shellQuoted(directory.file("stderr"))); echo EXITED $?; sleep 60",
      width: width, height: height)
  }

  /// Stops tmux and removes the data directory.
  func close() {
    tmux.kill()
    directory.remove()
  }

  /// Waits until the screen shows every one of `texts`; otherwise ends the test, showing the
  /// screen it saw instead. Returns the screen.
  @discardableResult
  func expectScreen(
    _ texts: String..., sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    let (screen, matched) = try await tmux.waitForScreen(showing: texts)
    try #require(
      matched, "the screen never showed \(texts); it showed:\n\(screen)",
      sourceLocation: sourceLocation)
    return screen
  }

  /// Waits until the screen no longer shows `text`.
  func expectGone(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    var last = ""
    let gone = try await tmux.wait {
      last = try await tmux.screen()
      return !last.contains(text)
    }
    try #require(
      gone, "the screen kept showing \(text):\n\(last)", sourceLocation: sourceLocation)
  }

  /// Waits until the app has exited with status 0.
  func expectCleanExit(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await expectScreen("EXITED 0", sourceLocation: sourceLocation)
  }

  /// The notes saved in the data directory, as (title, body) pairs.
  func savedNotes() throws -> [(title: String, body: String)] {
    let data = try #require(
      FileManager.default.contents(atPath: directory.file("notes.json")), "notes.json is missing")
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let notes = try #require(document["notes"] as? [[String: Any]], "no notes in \(document)")
    return notes.map { (($0["title"] as? String) ?? "", ($0["body"] as? String) ?? "") }
  }

  /// Presses `key` and waits until the app has read it (its count of read system calls in
  /// `/proc/PID/io` went up): the signal for a key that changes nothing on screen.
  func pressAndAwaitRead(
    _ key: String, sourceLocation: SourceLocation = #_sourceLocation
  )
    async throws
  {
    let app = try #require(try await tmux.paneChildren().first, "the app is not running")
    func reads() -> Int {
      let io = (try? String(contentsOfFile: "/proc/\(app)/io", encoding: .utf8)) ?? ""
      let line = io.split(separator: "\n").first { $0.hasPrefix("syscr:") }
      return line.flatMap { Int($0.dropFirst("syscr:".count).trimmingCharacters(in: .whitespaces)) }
        ?? 0
    }
    let before = reads()
    try await tmux.press(key)
    // Such a key writes nothing to the pane, so no output wakes the wait: it checks again at
    // its end, 3 s on (the key is read within microseconds of the press).
    let read = try await tmux.wait(timeout: .seconds(3)) { reads() > before }
    try #require(read, "the app never read \(key)", sourceLocation: sourceLocation)
  }

  /// What the app wrote to standard error.
  func errors() -> String {
    (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? ""
  }
}
