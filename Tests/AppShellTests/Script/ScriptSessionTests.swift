import Foundation
import NotesFeature
import StoreKernel
import Testing

@testable import AppShell

/// The same script, run against the multi-store app and the single-store app, must print the
/// same report: the two architectures are interchangeable to a user.
@Suite @ShellActor struct ScriptSessionTests {
  /// Exercises every feature: counter (+, -, favorites), profile (select, remove), notes
  /// (create, type, paste, an escape sequence, rename, delete and undo, search), tab switching.
  static let script = #"""
    # Counter: 3 is a favorite, 2 is a favorite, 7 is a favorite.
    tab counter
    type +++
    key enter
    type -
    type s
    key up 5
    type s
    # Profile: move the selection and remove the selected favorite.
    tab profile
    key down
    key delete
    # Notes: two notes, typed text, a paste and an escape sequence.
    tab notes
    type n
    type Grocery list: café, 日本茶
    key enter
    paste eggs\nmilk
    type  \e[2J!
    key esc
    type n
    type Second note
    key esc
    # Rename the second note, delete it and bring it back.
    type r
    key backspace 11
    type Errands
    key enter
    type d
    screen
    type y
    type u
    screen
    # Search, then look at the other tabs.
    type /
    type Groc
    key enter
    tab next
    tab next
    screen
    """#

  enum Storage: String, CaseIterable, Sendable {
    case memory, files
  }

  /// Runs the script and returns the report, with the notes file's contents when there is one.
  private func run(
    _ architecture: Architecture, storage: Storage
  ) async throws -> (report: String, file: Data?) {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // No autosave while the script runs: the report must not depend on how fast it ran.
    let app = architecture.makeTestApp(
      storage: storage == .files ? .file(inDirectory: directory.path) : .inMemory())
    let session = ScriptSession(app: app)
    do {
      try await session.run(
        lines: Self.script.split(separator: "\n", omittingEmptySubsequences: false))
    } catch {
      await app.stop()
      throw error
    }
    await app.stop()
    return (session.output, FileManager.default.contents(atPath: directory.file("notes.json")))
  }

  @Test(arguments: Storage.allCases)
  func bothArchitecturesPrintTheSameReport(storage: Storage) async throws {
    let multi = try await run(.multiStore, storage: storage)
    let single = try await run(.singleStore, storage: storage)

    #expect(multi.report == single.report)
    #expect(multi.file == single.file)
    if storage == .files {
      let saved = String(decoding: try #require(multi.file), as: UTF8.self)
      #expect(saved.contains("Grocery list: café, 日本茶"))
      #expect(saved.contains("Errands"))
    }
  }

  @Test func theReportShowsWhatWasTyped() async throws {
    let report = try await run(.multiStore, storage: .memory).report
    let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    for expected in [
      "counter: 7", "profile: 2", "notes: 2", "    [-]   7   [+]", "    Favorites: 2, 3",
      "    Favorites (2)",
    ] {
      #expect(lines.contains(expected), "the report lacks the line \(expected)")
    }
    for expected in [
      "[1 Counter 7]  2 Profile 2   3 Notes 2", "│ Grocery list: café, 日本茶", "│ eggs",
      "│ milk ^[[2J!", "▸ Errands", "│ Second note", "CONFIRM  Delete “Errands”?  y: Delete",
      "Restored “Errands”", "filter: Groc",
    ] {
      #expect(report.contains(expected), "the report lacks \(expected)")
    }
    #expect(!report.contains("▸ Second note"), "the rename did not replace the title")
  }

  @Test func theReportNeverContainsARawEscape() async throws {
    for storage in Storage.allCases {
      let multi = try await run(.multiStore, storage: storage).report
      let single = try await run(.singleStore, storage: storage).report
      #expect(multi.contains("^[[2J"))
      #expect(!multi.utf8.contains(0x1B))
      #expect(!single.utf8.contains(0x1B))
    }
  }

  @Test func aBadLineStopsTheScriptWithItsLineNumber() async throws {
    let app = Architecture.multiStore.makeTestApp()
    let session = ScriptSession(app: app)
    let error = await #expect(throws: ShellError.self) {
      try await session.run(lines: ["tab counter", "type +", "", "frobnicate"])
    }
    #expect(error?.description == "script line 4: unknown command 'frobnicate'")
    await app.stop()
  }

  @Test func anUnknownTabNamesTheTabsThereAre() async throws {
    let app = Architecture.multiStore.makeTestApp()
    let session = ScriptSession(app: app)
    let error = await #expect(throws: ShellError.self) {
      try await session.run(lines: ["tab counter", "", "tab settings"])
    }
    #expect(
      error?.description
        == "script line 3: unknown tab 'settings' (counter, profile, notes, next)")
    await app.stop()
  }

  @Test func quitStopsReadingTheScript() async throws {
    let app = Architecture.multiStore.makeTestApp()
    let session = ScriptSession(app: app)
    try await session.run(lines: ["tab counter", "type ++", "quit", "type +++++"])
    #expect(session.output.hasPrefix("counter: 2\n"))
    await app.stop()
  }
}
