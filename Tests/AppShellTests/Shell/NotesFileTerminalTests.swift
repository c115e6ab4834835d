import Foundation
import Testing

/// A notes file the app does not accept, tried in the real terminal through tmux: it is never
/// moved or written, the user is told what it is and where, a file set aside by an earlier build
/// is named at every start, and what the app does accept (a byte order mark, fields it does not
/// know) survives a session.
@Suite(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
struct NotesFileTerminalTests {
  static let newer = Array(
    (#"{"format":"multistore-notes","version":99,"notes":["#
      + #"{"id":1,"title":"From the future","body":"future text","revision":1,"color":"blue"}],"#
      + #""sync":{"peers":[]}}"#).utf8)

  static let notJSON = Array(
    #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"title":"cut off"#.utf8)

  static let withUnknownFields = Array(
    (#"{"format":"multistore-notes","sync":{"peers":["laptop"],"at":1.5e3},"version":1,"notes":["#
      + #"{"id":1,"title":"Colored","body":"text","revision":1,"color":"red","tags":[]}]}"#).utf8)

  /// The JSON object in `path`.
  func object(at path: String) throws -> [String: Any] {
    let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The names in the app's data directory that start with `prefix`.
  func entries(of app: TmuxApp, startingWith prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: app.directory.path).filter {
      $0.hasPrefix(prefix)
    }
  }

  @Test func aNewerVersionIsShownReadOnlyAndStaysByteIdenticalThroughASession() async throws {
    let app = try await TmuxApp(files: ["notes.json": Self.newer])
    defer { app.close() }
    try await app.expectScreen("From the future", "is from a newer version (file version 99)")
    try await app.tmux.press("e")
    try await app.expectScreen("EDITING")
    try await app.tmux.type("typed here")
    try await app.expectScreen("typed here")
    try await app.tmux.press("C-s")
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("q")
    // Not saved, so kept in a recovery file: the exit status says so.
    try await app.expectScreen("EXITED 3")
    #expect(
      FileManager.default.contents(atPath: app.directory.file("notes.json")) == Data(Self.newer))
    let recoveries = try entries(of: app, startingWith: "notes.recovery-")
    #expect(recoveries.count == 1)
    let kept = try #require(
      FileManager.default.contents(atPath: app.directory.file(recoveries.first ?? "")))
    #expect(String(decoding: kept, as: UTF8.self).contains("typed here"))
    #expect(try entries(of: app, startingWith: "notes.json.corrupt-").isEmpty)
  }

  @Test func aFileThatIsNotJSONIsLeftInPlaceNamedAtEveryStartAndWhatIsTypedIsKept() async throws {
    let directory: TemporaryDirectory
    do {
      let app = try await TmuxApp(files: ["notes.json": Self.notJSON], width: 200)
      defer { app.tmux.kill() }
      directory = app.directory
      try await app.expectScreen(
        app.directory.file("notes.json") + " is not a notes file this app can read",
        "it is left as it is and never saved")
      try await app.tmux.press("n")
      try await app.expectScreen("EDITING")
      try await app.tmux.type("a new note")
      try await app.expectScreen("a new note")
      try await app.tmux.press("Escape")
      try await app.expectScreen("BROWSING")
      try await app.tmux.press("q")
      try await app.expectScreen("EXITED 3")
    }
    defer { directory.remove() }
    #expect(
      FileManager.default.contents(atPath: directory.file("notes.json")) == Data(Self.notJSON))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.hasPrefix("notes.json.corrupt-") }, "\(names)")
    #expect(names.contains { $0.hasPrefix("notes.recovery-") }, "\(names)")

    // The next start says so again: the file is still there, untouched.
    let again = try await TmuxApp(directory: directory, width: 200)
    defer { again.tmux.kill() }
    try await again.expectScreen(directory.file("notes.json") + " is not a notes file")
  }

  @Test func dismissingTheErrorsTakesTheNotesFileErrorOffTheStatusLine() async throws {
    // Wide enough for the whole error on the status lines, where it stayed after x.
    let app = try await TmuxApp(files: ["notes.json": Self.notJSON], width: 250)
    defer { app.close() }
    try await app.expectScreen("not valid JSON", "x dismisses")
    try await app.tmux.press("x")
    try await app.expectGone("not valid JSON")
    let screen = try await app.expectScreen("BROWSING  Read-only: notes.json")
    #expect(!screen.contains("x dismisses"), "\(screen)")
  }

  @Test func aFileSetAsideByAnEarlierBuildIsNamedAtEveryStart() async throws {
    let aside = "notes.json.corrupt-1700000000-42"
    let directory: TemporaryDirectory
    do {
      let app = try await TmuxApp(
        notes: [("Kept", "")], files: [aside: Array("{ half".utf8)], width: 200)
      defer { app.tmux.kill() }
      directory = app.directory
      try await app.expectScreen("Notes (1)", directory.file(aside) + " holds a notes file")
      try await app.tmux.press("q")
      try await app.expectCleanExit()
    }
    defer { directory.remove() }
    let again = try await TmuxApp(directory: directory, width: 200)
    defer { again.tmux.kill() }
    try await again.expectScreen("Notes (1)", directory.file(aside) + " holds a notes file")
    #expect(FileManager.default.contents(atPath: directory.file(aside)) == Data("{ half".utf8))
  }

  @Test func aByteOrderMarkBeforeValidJSONIsAccepted() async throws {
    let json = Array(
      #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"title":"With a BOM","body":"","revision":1}]}"#
        .utf8)
    let app = try await TmuxApp(files: ["notes.json": [0xEF, 0xBB, 0xBF] + json])
    defer { app.close() }
    let screen = try await app.expectScreen("Notes (1)", "With a BOM")
    #expect(!screen.contains("Error"), "\(screen)")
  }

  @Test func fieldsTheAppDoesNotKnowSurviveAnEditAndAQuit() async throws {
    let app = try await TmuxApp(files: ["notes.json": Self.withUnknownFields])
    defer { app.close() }
    try await app.expectScreen("Notes (1)", "Colored")
    try await app.tmux.press("e", "C-End")
    try await app.tmux.type(" edited")
    try await app.expectScreen("text edited")
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
    let saved = try object(at: app.directory.file("notes.json"))
    let note = try #require((saved["notes"] as? [[String: Any]])?.first)
    #expect(note["body"] as? String == "text edited")
    #expect(note["color"] as? String == "red")
    #expect((note["tags"] as? [Any])?.isEmpty == true)
    let sync = try #require(saved["sync"] as? [String: Any])
    #expect(sync["peers"] as? [String] == ["laptop"])
    #expect(sync["at"] as? Double == 1500)
  }

  @Test func aSecondInstanceSaysAnotherInstanceIsUsingTheNotes() async throws {
    let first = try await TmuxApp(notes: [("Shared", "")], width: 200)
    defer { first.close() }
    try await first.expectScreen("Notes (1)")
    let second = try await TmuxApp(directory: first.directory, width: 200)
    defer { second.tmux.kill() }
    try await second.expectScreen("Read-only: another instance of the app is using notes.json")
    try await second.tmux.press("e")
    try await second.expectScreen("EDITING")
    try await second.tmux.type("mine")
    try await second.tmux.press("C-s")
    let screen = try await second.expectScreen("Modified", "in use by another instance of the app")
    #expect(!screen.contains("could not be read"), "\(screen)")
  }
}
