import DurableFiles
import Testing

@testable import NotesFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the notes file refuses: links, FIFOs, devices and files too large to load, and any
/// file already at a temporary name.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct NotesFileSafetyTests {
  let notes = [Note(id: 1, title: "kept", body: "safe", revision: 1)]

  @Test func aSymbolicLinkAsTheNotesFileIsNeitherReadNorReplaced() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(Array("outside".utf8), to: "target")
      #expect(symlink(directory.path(of: "target"), directory.path(of: "notes.json")) == 0)
      let file = NotesFile(directory: directory.path)

      #expect(
        throws: NotesStorageError.unreadable(
          path: file.path, reason: DurableFile.symbolicLinkReason)
      ) {
        try file.load()
      }
      #expect(
        throws: NotesStorageError.writeFailed(
          path: file.path, reason: DurableFile.symbolicLinkReason)
      ) {
        try file.save(NotesDocument(notes: notes))
      }
      #expect(FileDescriptor.entryKind(file.path) == .symbolicLink)
      #expect(directory.read("target") == Array("outside".utf8))
      #expect(directory.entries() == ["notes.json", "target"])
    }
  }

  @Test func aSymbolicLinkPlantedAtATemporaryNameIsNeverWrittenThrough() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(Array("outside".utf8), to: "victim")
      // The name an older build used, and the first names of this process's sequence.
      let planted =
        ["notes.json.tmp-\(getpid())"] + (0...3).map { "notes.json.tmp-\(getpid())-\($0)" }
      for name in planted {
        #expect(symlink(directory.path(of: "victim"), directory.path(of: name)) == 0)
      }
      let file = NotesFile(directory: directory.path)
      try file.save(NotesDocument(notes: notes))

      #expect(directory.read("victim") == Array("outside".utf8))
      #expect(try file.load().notes == notes)
      for name in planted {
        #expect(FileDescriptor.entryKind(directory.path(of: name)) == .symbolicLink)
      }
    }
  }

  @Test func creatingExclusivelyNeverOpensALinkOrAFileAlreadyThere() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(Array("outside".utf8), to: "victim")
      #expect(symlink(directory.path(of: "victim"), directory.path(of: "link")) == 0)
      let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
      #expect(FileDescriptor.openFile(directory.path(of: "link"), flags) == nil)
      #expect(errno == EEXIST)
      #expect(FileDescriptor.openFile(directory.path(of: "victim"), flags) == nil)
      #expect(directory.read("victim") == Array("outside".utf8))
    }
  }

  @Test func aFIFOAsTheNotesFileIsReportedWithoutWaitingForAWriter() async throws {
    try await withTemporaryDirectory { directory in
      #expect(mkfifo(directory.path(of: "notes.json"), 0o600) == 0)
      let file = NotesFile(directory: directory.path)
      #expect(
        throws: NotesStorageError.unreadable(
          path: file.path, reason: "it is a FIFO (named pipe), not a file")
      ) { try file.load() }
      #expect(throws: NotesStorageError.self) { try file.save(NotesDocument(notes: notes)) }
      #expect(directory.entries() == ["notes.json"])
    }
  }

  @Test func aFileOverTheSizeLimitIsReportedAndKept() async throws {
    try await withTemporaryDirectory { directory in
      let big = [UInt8](repeating: 0x20, count: 3 << 20)
      try directory.write(big, to: "notes.json")
      let file = NotesFile(directory: directory.path, sizeLimit: 2 << 20)
      #expect(
        throws: NotesStorageError.unreadable(
          path: file.path, reason: "it is 3 MB, more than the 2 MB this build reads")
      ) { try file.load() }
      #expect(directory.read("notes.json") == big)
    }
  }

  @Test func aReadOnlyLoadReportsAFileItDoesNotAcceptWithoutMovingIt() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(Array("{ not json".utf8), to: "notes.json")
      let file = NotesFile(directory: directory.path)
      #expect(throws: NotesStorageError.self) { try file.load(readOnly: true) }
      #expect(directory.entries() == ["notes.json"])
    }
  }

  @Test func temporaryFilesOfTheNewNamingAreCleanedUpWhenTheirWriterIsGone() async throws {
    try await withTemporaryDirectory { directory in
      let abandoned = "notes.json.tmp-\(Int32.max)-7"
      try directory.write(Array("half a save".utf8), to: abandoned)
      _ = try NotesFile(directory: directory.path).load()
      #expect(directory.entries() == [])
    }
  }
}
