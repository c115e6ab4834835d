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
    ("wrong version", Array(#"{"format":"multistore-notes","version":2,"notes":[]}"#.utf8)),
    (
      "duplicate ids",
      Array(
        (#"{"format":"multistore-notes","version":1,"notes":["#
          + #"{"id":1,"title":"a","body":"","revision":1},"#
          + #"{"id":1,"title":"b","body":"","revision":2}]}"#).utf8)
    ),
    ("truncated", Array(#"{"format":"multistore-notes","version":1,"notes":[{"id""#.utf8)),
  ])
  func aCorruptFileIsMovedAsideIntactAndReported(kind: String, bytes: [UInt8]) async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(bytes, to: "notes.json")
      let file = NotesFile(directory: directory.path)
      do throws(NotesStorageError) {
        _ = try file.load()
        Issue.record("\(kind): a corrupt file loaded")
      } catch {
        guard case .corrupt(let path, let keptAt, _) = error else {
          Issue.record("\(kind): expected corrupt, got \(error)")
          return
        }
        #expect(path == file.path)
        #expect(error.description.contains(file.path))
        #expect(error.description.contains(keptAt))
        #expect(keptAt.hasPrefix(file.path + ".corrupt-"))
        let keptName = String(keptAt.dropFirst(directory.path.count + 1))
        #expect(directory.entries() == [keptName])
        #expect(directory.read(keptName) == bytes)
      }
      // Saving is safe afterwards: the kept file is untouched.
      try file.save(NotesDocument(notes: notes))
      #expect(try file.load().notes == notes)
      #expect(directory.entries().count == 2)
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

  @Test func twoCorruptFilesInTheSameSecondAreBothKept() async throws {
    try await withTemporaryDirectory { directory in
      let file = NotesFile(directory: directory.path)
      var kept: [String] = []
      for bytes in [Array("first {".utf8), Array("second {".utf8)] {
        try directory.write(bytes, to: "notes.json")
        do throws(NotesStorageError) {
          _ = try file.load()
          Issue.record("a corrupt file loaded")
        } catch {
          guard case .corrupt(_, let keptAt, _) = error else {
            Issue.record("expected corrupt, got \(error)")
            return
          }
          kept.append(String(keptAt.dropFirst(directory.path.count + 1)))
        }
      }
      #expect(Set(kept).count == 2)
      #expect(directory.entries().sorted() == kept.sorted())
      #expect(directory.read(kept[0]) == Array("first {".utf8))
      #expect(directory.read(kept[1]) == Array("second {".utf8))
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
