import Foundation
import NotesFeature
import Testing

/// `AppShell export FOLDER` and `AppShell import FOLDER`, run as processes: every note out as a
/// plain text file and back, byte for byte; an import never runs beside another writer. Also
/// what daily use meets around them: `--help` and the data folder's listing.
@Suite struct PlainTextTransferProcessTests {
  /// Runs the built app with `arguments`, `script` on standard input.
  func runApp(_ arguments: [String], script: String? = nil) async throws -> ChildProcess.Result {
    let binary = try #require(
      AppBinary.path, "AppShell is not built (looked at \(AppBinary.candidates))")
    return try await ChildProcess.run(
      binary, arguments: arguments, environment: ProcessInfo.processInfo.environment,
      input: script)
  }

  /// Writes `notes` (title, body), newest first, as the data directory's notes file.
  func writeNotes(_ notes: [(String, String)], in directory: String) throws {
    let document = NotesDocument(
      notes: notes.enumerated().map { index, note in
        Note(id: index + 1, title: note.0, body: note.1, revision: notes.count - index)
      })
    try NotesFile(directory: directory).save(document)
  }

  func loadNotes(in directory: String) throws -> [Note] {
    try NotesFile(directory: directory).load().notes
  }

  func files(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  @Test func helpNamesEveryCommandAndTheMainKeys() async throws {
    let run = try await runApp(["--help"])
    #expect(run.status == 0)
    for word in [
      "export FOLDER", "import FOLDER", "compare", "< SCRIPT", "--data-dir", "Ctrl-X", "Ctrl-C",
      "Ctrl-S", "Ctrl-W", "Alt-U", "n new", "u undo",
    ] {
      #expect(run.output.contains(word), "--help does not mention \(word):\n\(run.output)")
    }
  }

  /// After a session that used every tab, the data folder lists the user's files and at most
  /// one hidden entry (the writer locks' folder), never a `*.lock` file per kept file.
  @Test func aSessionLeavesOnlyTheUsersFilesAndOneHiddenFolder() async throws {
    let data = try TemporaryDirectory()
    defer { data.remove() }
    let script = """
      tab counter
      type ++
      type s
      tab profile
      key down
      tab notes
      type n
      type A note
      key esc
      save
      quit

      """
    let run = try await runApp(["--data-dir", data.path], script: script)
    #expect(run.status == 0, "\(run.errors)")
    let entries = try files(in: data.path)
    let visible = entries.filter { !$0.hasPrefix(".") }
    #expect(visible == ["counter.json", "favorites.json", "notes.json"], "\(entries)")
    #expect(entries.count - visible.count <= 1, "\(entries)")
    #expect(!entries.contains { $0.hasSuffix(".lock") }, "\(entries)")
  }

  /// Titles that cannot be file names as they are, and bodies no editor would keep as typed
  /// (CRLF, a trailing space, NUL, emoji, nothing at all): every body comes back byte for byte,
  /// and every title that could be a file name comes back as it was.
  @Test func exportThenImportKeepsBodiesAndTheTitlesThatAreFileNames() async throws {
    let data = try TemporaryDirectory()
    let folder = try TemporaryDirectory()
    let fresh = try TemporaryDirectory()
    defer { [data, folder, fresh].forEach { $0.remove() } }
    let long = String(repeating: "é", count: 150)
    let notes: [(String, String)] = [
      ("Groceries", "milk\r\neggs \n"),
      ("a/b", "slash"),
      ("", "no title"),
      (".hidden", "dot"),
      ("Same", "first"),
      ("Same", "second"),
      ("tab\there", "\u{0}nul and 日本 👍🏽"),
      (long, ""),
      ("Report (2)", "looks like a suffix"),
    ]
    try writeNotes(notes, in: data.path)
    let exportRun = try await runApp(["--data-dir", data.path, "export", folder.file("out")])
    #expect(exportRun.status == 0, "\(exportRun.errors)")
    #expect(exportRun.output == "exported 9 note(s) to \(folder.file("out"))\n")
    let names = try files(in: folder.file("out"))
    let longName = String(repeating: "é", count: 100) + ".txt"
    #expect(
      names
        == [
          "Groceries.txt", "Report (2).txt", "Same (2).txt", "Same.txt", "Untitled.txt",
          "_hidden.txt", "a_b.txt", longName, "tab_here.txt",
        ].sorted(), "\(names)")
    #expect(
      FileManager.default.contents(atPath: folder.file("out/Groceries.txt"))
        == Data("milk\r\neggs \n".utf8))

    let importRun = try await runApp(["--data-dir", fresh.path, "import", folder.file("out")])
    #expect(importRun.status == 0, "\(importRun.errors)")
    let imported = try loadNotes(in: fresh.path)
    let byTitle = Dictionary(imported.map { ($0.title, $0.body) }, uniquingKeysWith: { $1 })
    #expect(imported.count == 9)
    #expect(byTitle["Groceries"] == "milk\r\neggs \n")
    #expect(byTitle["Report (2)"] == "looks like a suffix")
    #expect(byTitle["Same"] == "first")
    #expect(byTitle["Same (2)"] == "second")
    #expect(byTitle["a_b"] == "slash")
    #expect(byTitle["Untitled"] == "no title")
    #expect(byTitle["_hidden"] == "dot")
    #expect(byTitle["tab_here"] == "\u{0}nul and 日本 👍🏽")
    #expect(byTitle[String(repeating: "é", count: 100)] == "")
    // In the order of their names, first on top.
    #expect(imported.first?.title == "Groceries")
  }

  /// An import adds to the notes there (it never deletes or merges), and says which `*.txt`
  /// entries it passed over: a folder and a link are not notes.
  @Test func importAddsToTheNotesAlreadyThere() async throws {
    let data = try TemporaryDirectory()
    let folder = try TemporaryDirectory()
    defer { [data, folder].forEach { $0.remove() } }
    try writeNotes([("Kept", "old")], in: data.path)
    try Data("new body".utf8).write(to: URL(fileURLWithPath: folder.file("New.txt")))
    try Data("not a note".utf8).write(to: URL(fileURLWithPath: folder.file("readme.md")))
    try FileManager.default.createDirectory(
      atPath: folder.file("folder.txt"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("link.txt"), withDestinationPath: folder.file("New.txt"))
    let run = try await runApp(["--data-dir", data.path, "import", folder.path])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("imported 1 note(s)"), "\(run.output)")
    #expect(
      run.output.hasSuffix("; passed over what is not a regular file: folder.txt, link.txt\n"),
      "\(run.output)")
    let notes = try loadNotes(in: data.path)
    #expect(notes.map(\.title) == ["New", "Kept"])
    #expect(notes.map(\.body) == ["new body", "old"])
    #expect(Set(notes.map(\.id)).count == 2)
  }

  @Test func importRefusesWhileAnotherInstanceHoldsTheNotes() async throws {
    let data = try TemporaryDirectory()
    let folder = try TemporaryDirectory()
    defer { [data, folder].forEach { $0.remove() } }
    try writeNotes([("Kept", "old")], in: data.path)
    let before = FileManager.default.contents(atPath: data.file("notes.json"))
    try Data("new".utf8).write(to: URL(fileURLWithPath: folder.file("New.txt")))
    // Another instance: it holds the notes' writer lock as the app does.
    try FileManager.default.createDirectory(
      atPath: data.file(".locks"), withIntermediateDirectories: true)
    let holder = open(data.file(".locks/notes.lock"), O_RDWR | O_CREAT, 0o600)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)

    let run = try await runApp(["--data-dir", data.path, "import", folder.path])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains("nothing imported"), "\(run.errors)")
    #expect(run.errors.contains("in use by another instance"), "\(run.errors)")
    #expect(FileManager.default.contents(atPath: data.file("notes.json")) == before)
  }

  @Test func exportWritesIntoANewOrEmptyFolderOnly() async throws {
    let data = try TemporaryDirectory()
    let folder = try TemporaryDirectory()
    defer { [data, folder].forEach { $0.remove() } }
    try writeNotes([("Note", "body")], in: data.path)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.file("Note.txt")))
    let run = try await runApp(["--data-dir", data.path, "export", folder.path])
    #expect(run.status == 1)
    #expect(run.errors.contains("is not empty"), "\(run.errors)")
    #expect(FileManager.default.contents(atPath: folder.file("Note.txt")) == Data("mine".utf8))
  }

  @Test func aFileThatIsNotUTF8ImportsNothing() async throws {
    let data = try TemporaryDirectory()
    let folder = try TemporaryDirectory()
    defer { [data, folder].forEach { $0.remove() } }
    try Data("fine".utf8).write(to: URL(fileURLWithPath: folder.file("Good.txt")))
    try Data([0x66, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: folder.file("Latin1.txt")))
    let run = try await runApp(["--data-dir", data.path, "import", folder.path])
    #expect(run.status == 1)
    #expect(run.errors.contains("not UTF-8 text: Latin1.txt"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: data.file("notes.json")))
  }

  /// The 10,000-note set of the benchmarks (`Note N`, about 400 bytes of prose each), out and
  /// back in through the commands: every title and body arrives byte for byte. Run alone: it
  /// writes and reads 10,000 files. Prints how long each command took (not asserted).
  @Test func tenThousandNotesGoOutAndComeBackByteForByte() async throws {
    if try await ranAlone(
      suite: "PlainTextTransferProcessTests", test: "tenThousandNotesGoOutAndComeBackByteForByte")
    {
      return
    }
    let data = try TemporaryDirectory()
    let folder = try TemporaryDirectory()
    let fresh = try TemporaryDirectory()
    defer { [data, folder, fresh].forEach { $0.remove() } }
    let notes = (0..<10_000).map { index in ("Note \(index)", Self.prose(bytes: 400, seed: index)) }
    try writeNotes(notes, in: data.path)

    let clock = ContinuousClock()
    let exportStart = clock.now
    let exported = try await runApp(["--data-dir", data.path, "export", folder.file("out")])
    let exportTime = clock.now - exportStart
    #expect(exported.status == 0, "\(exported.errors)")
    #expect(try files(in: folder.file("out")).count == 10_000)

    let importStart = clock.now
    let imported = try await runApp(["--data-dir", fresh.path, "import", folder.file("out")])
    let importTime = clock.now - importStart
    #expect(imported.status == 0, "\(imported.errors)")
    print("export of 10,000 notes: \(exportTime), import: \(importTime)")

    let back = try loadNotes(in: fresh.path)
    #expect(back.count == 10_000)
    let bodies = Dictionary(
      back.map { ($0.title, Array($0.body.utf8)) }, uniquingKeysWith: { a, _ in a })
    #expect(bodies.count == 10_000)
    let different = notes.filter { bodies[$0.0] != Array($0.1.utf8) }.map(\.0)
    #expect(different.isEmpty, "\(different.count) notes differ, first \(different.prefix(3))")
  }

  /// The benchmarks' prose: lines of 20 to 90 characters, like a real note.
  static func prose(bytes: Int, seed: Int) -> String {
    var text = ""
    var line = seed
    while text.utf8.count < bytes {
      let words = 3 + (line * 7) % 13
      text += "Line \(line):" + String(repeating: " word", count: words) + "\n"
      line += 1
    }
    return text
  }
}
