import Foundation
import Testing

/// `AppShell --data-dir PATH`, run as a process: a data directory it cannot use is refused
/// with one line on standard error and exit status 2, before anything is created or changed;
/// a notes file it does not accept inside a good one is left as it is and reported.
///
/// Root passes every permission check, so the unwritable directory is tried by a child that
/// `setpriv` has made `nobody` when the tests run as root.
@Suite struct DataDirectoryProcessTests {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the built app with `arguments` and `script` on standard input, optionally as
  /// `nobody`, in the test's own environment.
  func runApp(
    _ arguments: [String], script: String = "quit\n", asNobody: Bool = false
  ) async throws -> Run {
    let binary = try #require(
      AppBinary.path, "AppShell is not built (looked at \(AppBinary.candidates))")
    let result =
      asNobody
      ? try await ChildProcess.run(
        "/usr/bin/setpriv",
        arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments,
        environment: ProcessInfo.processInfo.environment, input: script)
      : try await ChildProcess.run(
        binary, arguments: arguments, environment: ProcessInfo.processInfo.environment,
        input: script)
    return Run(status: result.status, stdout: result.output, stderr: result.errors)
  }

  /// Every path under `root` with its size, mode and modification time: equal snapshots mean
  /// nothing was created, removed or changed.
  func snapshot(_ root: String) -> [String: String] {
    var entries: [String: String] = [:]
    let manager = FileManager.default
    var paths = [root]
    while let path = paths.popLast() {
      guard let attributes = try? manager.attributesOfItem(atPath: path) else { continue }
      entries[path] =
        "\(attributes[.size] ?? "") \(attributes[.posixPermissions] ?? "") "
        + "\(attributes[.modificationDate] ?? "")"
      if attributes[.type] as? FileAttributeType == .typeDirectory {
        paths += ((try? manager.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 }
      }
    }
    return entries
  }

  /// The run was refused (exit status 2, as docs/app.md says) with exactly one inert line on
  /// standard error and nothing on standard output.
  func expectRefused(
    _ run: Run, mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(run.status == 2, sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, "stdout: \(run.stdout)", sourceLocation: sourceLocation)
    #expect(run.stderr.hasPrefix("AppShell: "), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
    #expect(
      run.stderr.dropLast().allSatisfy { $0 != "\n" && $0 != "\r" },
      "not one line: \(run.stderr.debugDescription)", sourceLocation: sourceLocation)
    #expect(
      !run.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B },
      "a raw escape in \(run.stderr.debugDescription)", sourceLocation: sourceLocation)
    #expect(run.stderr.contains(words), "\(run.stderr)", sourceLocation: sourceLocation)
  }

  @Test(arguments: ["missing", "missing\n\u{1B}[2J\u{9B}31m"])
  func aMissingDirectoryIsRefusedAndNotCreated(name: String) async throws {
    let parent = try TemporaryDirectory()
    defer { parent.remove() }
    let before = snapshot(parent.path)
    let run = try await runApp(["--data-dir", parent.file(name)])
    expectRefused(run, mentioning: "does not exist")
    #expect(snapshot(parent.path) == before)
  }

  @Test func aFileIsRefusedAndLeftAlone() async throws {
    let parent = try TemporaryDirectory()
    defer { parent.remove() }
    let file = parent.file("notes.json")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
    let before = snapshot(parent.path)
    let run = try await runApp(["--data-dir", file])
    expectRefused(run, mentioning: "is not a directory")
    #expect(snapshot(parent.path) == before)
    #expect(FileManager.default.contents(atPath: file) == Data("{}".utf8))
  }

  @Test(
    .enabled(
      if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
      "root passes every permission check, and setpriv is not there to run the app as nobody"))
  func anUnwritableDirectoryIsRefusedAndLeftAlone() async throws {
    let parent = try TemporaryDirectory()
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: parent.file("read-only"))
      parent.remove()
    }
    let directory = parent.file("read-only")
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o555])
    let before = snapshot(parent.path)
    let run = try await runApp(["--data-dir", directory], asNobody: geteuid() == 0)
    expectRefused(run, mentioning: "is not writable")
    #expect(snapshot(parent.path) == before)
  }

  /// A notes file that is not JSON is left where it is, as it is; what the script typed goes
  /// to a recovery file (exit status 3, naming it).
  @Test func aNotesFileThatIsNotJSONIsLeftAsItIsReportedAndNeverWritten() async throws {
    let parent = try TemporaryDirectory()
    defer { parent.remove() }
    let directory = parent.file("data-\u{1B}[2J")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let corrupt = Data([0x7B, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x9B, 0x00] + Array("not json".utf8))
    #expect(FileManager.default.createFile(atPath: directory + "/notes.json", contents: corrupt))

    let run = try await runApp(
      ["--data-dir", directory], script: "tab notes\ntype n\ntype kept safe\nquit\n")
    #expect(run.status == 3, "stderr: \(run.stderr)")
    let reports = run.stdout.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(reports.count == 1, "\(run.stdout)")
    #expect(reports.first?.contains("is not a notes file this app can read") == true)
    #expect(reports.first?.contains("data-^[[2J") == true)
    #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })

    let entries = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(!entries.contains { $0.hasPrefix("notes.json.corrupt-") }, "\(entries)")
    #expect(FileManager.default.contents(atPath: directory + "/notes.json") == corrupt)
    let recovery = try #require(entries.first { $0.hasPrefix("notes.recovery-") }, "\(entries)")
    #expect(run.stderr.contains(recovery))
    let kept = try #require(FileManager.default.contents(atPath: directory + "/" + recovery))
    #expect(String(decoding: kept, as: UTF8.self).contains("kept safe"))
  }

  @Test func aCorruptFavoritesFileIsKeptAsideReportedAndReplaced() async throws {
    let parent = try TemporaryDirectory()
    defer { parent.remove() }
    let directory = parent.path
    let corrupt = Data(#"{"favorites":[4,"#.utf8)
    #expect(
      FileManager.default.createFile(atPath: directory + "/favorites.json", contents: corrupt))

    let run = try await runApp(
      ["--data-dir", directory], script: "tab counter\ntype +\ntype s\nquit\n")
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let reports = run.stdout.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(reports.count == 1, "\(run.stdout)")
    #expect(reports.first?.contains(directory + "/favorites.json is corrupt") == true)
    let entries = try FileManager.default.contentsOfDirectory(atPath: directory)
    let kept = try #require(entries.first { $0.hasPrefix("favorites.json.corrupt-") })
    #expect(reports.first?.contains(directory + "/" + kept) == true, "\(reports)")
    #expect(FileManager.default.contents(atPath: directory + "/" + kept) == corrupt)
    // The counter ran on no favorites, and the new one is in a new file.
    let saved = try #require(FileManager.default.contents(atPath: directory + "/favorites.json"))
    #expect(String(decoding: saved, as: UTF8.self).contains(#""favorites":[1]"#))
  }

  @Test func unsavedNotesAreKeptInARecoveryFileAndRestoredByTheNextStart() async throws {
    let parent = try TemporaryDirectory()
    defer { parent.remove() }
    let directory = parent.file("data")
    // A directory in place of notes.json: unreadable, so it must never be saved over.
    try FileManager.default.createDirectory(
      atPath: directory + "/notes.json", withIntermediateDirectories: true)

    let run = try await runApp(
      ["--data-dir", directory], script: "tab notes\ntype n\ntype never lost\nquit\n")
    #expect(run.status == 3, "stderr: \(run.stderr)")
    let entries = try FileManager.default.contentsOfDirectory(atPath: directory)
    let recovery = try #require(entries.first { $0.hasPrefix("notes.recovery-") })
    #expect(run.stderr.contains(directory + "/" + recovery), "\(run.stderr)")
    #expect(run.stderr.contains("will be restored"))
    let kept = try #require(FileManager.default.contents(atPath: directory + "/" + recovery))
    #expect(String(decoding: kept, as: UTF8.self).contains("never lost"))

    // Once notes.json can be written again, the next start restores the note and saves it.
    try FileManager.default.removeItem(atPath: directory + "/notes.json")
    let next = try await runApp(["--data-dir", directory], script: "tab notes\nscreen\nquit\n")
    #expect(next.status == 0, "stderr: \(next.stderr)")
    #expect(next.stdout.contains("(recovered)"), "\(next.stdout)")
    let saved = try #require(FileManager.default.contents(atPath: directory + "/notes.json"))
    #expect(String(decoding: saved, as: UTF8.self).contains("never lost"))
    let after = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(!after.contains { $0.hasPrefix("notes.recovery-") }, "\(after)")
  }

  @Test func theCounterAndTheFavoritesSurviveARestart() async throws {
    let parent = try TemporaryDirectory()
    defer { parent.remove() }
    let directory = parent.path
    let first = try await runApp(
      ["--data-dir", directory], script: "tab counter\ntype +++\ntype s\ntype +\nquit\n")
    #expect(first.status == 0, "stderr: \(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: directory + "/counter.json"))

    let second = try await runApp(["--data-dir", directory], script: "tab counter\nscreen\nquit\n")
    #expect(second.status == 0, "stderr: \(second.stderr)")
    #expect(second.stdout.contains("[-]   4   [+]"), "\(second.stdout)")
    #expect(second.stdout.contains("Favorites: 3"), "\(second.stdout)")
  }
}
