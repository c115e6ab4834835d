import Testing

@testable import NotesFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The notes file on a real file system, each test in its own directory under /tmp.
@MainActor
@Suite struct NotesFileTests {
  let notes = [
    Note(id: 3, title: "日本 🎉", body: "first line\nsecond \u{1B}[31mred\u{1B}[0m", revision: 9),
    Note(id: 1, title: "ascii", body: "", revision: 2),
  ]

  @Test func savedNotesLoadBackUnchanged() async throws {
    try await withTemporaryDirectory { directory in
      let file = NotesFile(directory: directory.path)
      try file.save(NotesDocument(notes: notes))
      #expect(try file.load() == NotesDocument(notes: notes))
      #expect(file.path == directory.path(of: "notes.json"))
    }
  }

  @Test func aMissingFileLoadsAsNoNotes() async throws {
    try await withTemporaryDirectory { directory throws in
      #expect(try NotesFile(directory: directory.path).load() == NotesDocument(notes: []))
      #expect(directory.entries().isEmpty)
    }
  }

  @Test func savingReplacesTheFileAndLeavesNoTemporaryFileBehind() async throws {
    try await withTemporaryDirectory { directory in
      let file = NotesFile(directory: directory.path)
      try file.save(NotesDocument(notes: notes))
      try file.save(NotesDocument(notes: [notes[1]]))
      #expect(directory.entries() == ["notes.json"])
      #expect(try file.load().notes == [notes[1]])
    }
  }

  @Test func aFailedSaveNamesTheFileAndLeavesNothingBehind() async throws {
    try await withTemporaryDirectory { directory in
      // A directory where the file should be: the final rename fails after the temporary file
      // was written, which must then be removed.
      #expect(mkdir(directory.path(of: "notes.json"), 0o700) == 0)
      let file = NotesFile(directory: directory.path)
      do throws(NotesStorageError) {
        try file.save(NotesDocument(notes: notes))
        Issue.record("saving over a directory succeeded")
      } catch {
        guard case .writeFailed(let path, _) = error else {
          Issue.record("expected writeFailed, got \(error)")
          return
        }
        #expect(path == file.path)
        #expect(error.description.contains(file.path))
      }
      #expect(directory.entries() == ["notes.json"])
    }
  }

  @Test func savingIntoAMissingDirectoryFails() async throws {
    try await withTemporaryDirectory { directory in
      let file = NotesFile(directory: directory.path(of: "absent"))
      #expect(throws: NotesStorageError.self) { try file.save(NotesDocument(notes: notes)) }
      #expect(directory.entries().isEmpty)
    }
  }

  @Test(arguments: [
    ("garbage", [0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x9B] as [UInt8]),
    ("an older version", Array(#"{"format":"multistore-notes","version":0,"notes":[]}"#.utf8)),
    ("another format", Array(#"{"format":"todo-list","version":1,"notes":[]}"#.utf8)),
    (
      "duplicate ids",
      Array(
        (#"{"format":"multistore-notes","version":1,"notes":["#
          + #"{"id":1,"title":"a","body":"","revision":1},"#
          + #"{"id":1,"title":"b","body":"","revision":2}]}"#).utf8)
    ),
    ("truncated", Array(#"{"format":"multistore-notes","version":1,"notes":[{"id""#.utf8)),
  ])
  func aFileItDoesNotAcceptIsLeftAsItIsAndReported(kind: String, bytes: [UInt8]) async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(bytes, to: "notes.json")
      let file = NotesFile(directory: directory.path)
      do throws(NotesStorageError) {
        _ = try file.load()
        Issue.record("\(kind): a file that is not accepted loaded")
      } catch {
        guard case .notAccepted(let path, _) = error else {
          Issue.record("\(kind): expected notAccepted, got \(error)")
          return
        }
        #expect(path == file.path)
        #expect(error.description.contains(file.path))
      }
      #expect(directory.entries() == ["notes.json"])
      #expect(directory.read("notes.json") == bytes)
    }
  }

  /// A newer build's file whose notes read as this build's loads with its version (the
  /// storage then refuses to write it); one whose notes do not is reported with its version,
  /// wherever the version is in the file.
  @Test func aNewerVersionIsNamedAndNeverTakenForABrokenFile() async throws {
    try await withTemporaryDirectory { directory in
      let file = NotesFile(directory: directory.path)
      let readable = Array(
        (#"{"format":"multistore-notes","version":99,"notes":["#
          + #"{"id":1,"title":"a","body":"text","revision":1,"color":"red"}]}"#).utf8)
      try directory.write(readable, to: "notes.json")
      let document = try file.load()
      #expect(document.version == 99)
      #expect(document.notes.map(\.body) == ["text"])

      for changed in [
        #"{"format":"multistore-notes","notes":[{"uuid":"x","blocks":[]}],"version":99}"#,
        #"{"version":99,"notes":{"by-id":{}},"format":"multistore-notes"}"#,
      ] {
        try directory.write(Array(changed.utf8), to: "notes.json")
        #expect(throws: NotesStorageError.newerVersion(path: file.path, version: 99, shown: false))
        {
          try file.load()
        }
        #expect(directory.read("notes.json") == Array(changed.utf8))
      }
      #expect(directory.entries() == ["notes.json"])
    }
  }

  @Test func filesAnEarlierBuildKeptAsideAreListedOldestFirst() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(Array("first {".utf8), to: "notes.json.corrupt-1700000000-7")
      try directory.write(Array("second {".utf8), to: "notes.json.corrupt-1700000500-9")
      try directory.write(Array("{}".utf8), to: "favorites.json.corrupt-1700000000-7")
      let file = NotesFile(directory: directory.path)
      #expect(
        file.keptAsideFiles() == [
          directory.path(of: "notes.json.corrupt-1700000000-7"),
          directory.path(of: "notes.json.corrupt-1700000500-9"),
        ])
      _ = try file.load()
      #expect(directory.read("notes.json.corrupt-1700000000-7") == Array("first {".utf8))
    }
  }

  @Test func loadingRemovesTemporaryFilesOfProcessesThatNoLongerExist() async throws {
    try await withTemporaryDirectory { directory in
      let file = NotesFile(directory: directory.path)
      try file.save(NotesDocument(notes: notes))
      // pid_max on Linux is at most 2^22, so this pid cannot be running; our own pid is.
      let abandoned = "notes.json.tmp-\(Int32.max)"
      let ours = "notes.json.tmp-\(getpid())"
      try directory.write(Array("half a save".utf8), to: abandoned)
      try directory.write(Array("in progress".utf8), to: ours)

      #expect(try file.load().notes == notes)
      #expect(directory.entries().sorted() == ["notes.json", ours].sorted())
    }
  }

  @Test func aFileThatCannotBeReadIsReportedAndNeverOverwritten() async throws {
    try await withTemporaryDirectory { directory in
      // A directory opens but cannot be read as a file, even for root, unlike a chmod.
      #expect(mkdir(directory.path(of: "notes.json"), 0o700) == 0)
      let file = NotesFile(directory: directory.path)
      do throws(NotesStorageError) {
        _ = try file.load()
        Issue.record("a directory loaded as notes")
      } catch {
        guard case .unreadable(let path, _) = error else {
          Issue.record("expected unreadable, got \(error)")
          return
        }
        #expect(path == file.path)
        #expect(error.description.contains(file.path))
      }
      #expect(directory.entries() == ["notes.json"])
    }
  }

  /// Root reads files whatever their mode, so chmod cannot make one unreadable to it: as root
  /// (in CI), the test runs again as nobody.
  @Test func aFileWithoutReadPermissionIsReportedAndKept() async throws {
    if try await reranAsNobody(
      suite: "NotesFileTests", test: "aFileWithoutReadPermissionIsReportedAndKept")
    {
      return
    }
    try await withTemporaryDirectory { directory in
      let original = Array(#"{"format":"multistore-notes","version":1,"notes":[]}"#.utf8)
      try directory.write(original, to: "notes.json")
      #expect(chmod(directory.path(of: "notes.json"), 0) == 0)
      let file = NotesFile(directory: directory.path)
      #expect {
        try file.load()
      } throws: { error in
        guard case .unreadable(let path, _) = error as? NotesStorageError else { return false }
        return path == file.path
      }
      #expect(directory.entries() == ["notes.json"])
      #expect(chmod(directory.path(of: "notes.json"), 0o600) == 0)
      #expect(directory.read("notes.json") == original)
    }
  }
}
