import Testing

@testable import NotesFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One writer per data directory.
@MainActor
@Suite struct WriterLockTests {
  @Test func aSecondLockOnTheSameDirectoryIsRefusedAndNamesTheHolder() async throws {
    try await withTemporaryDirectory { directory in
      let first = WriterLock(directory: directory.path)
      let second = WriterLock(directory: directory.path)
      #expect(first.claim() == .held)
      #expect(first.claim() == .held)
      #expect(second.claim() == .heldByOther(pid: getpid()))
      #expect(!second.isHeld)
    }
  }

  @Test func releasingTheHolderLetsTheNextOneClaim() async throws {
    try await withTemporaryDirectory { directory in
      var first: WriterLock? = WriterLock(directory: directory.path)
      #expect(first?.claim() == .held)
      first = nil
      let second = WriterLock(directory: directory.path)
      #expect(second.claim() == .held)
      #expect(first == nil)
    }
  }

  @Test func aSecondFileStorageOnTheDirectoryLoadsReadOnlyAndRefusesToSave() async throws {
    try await withTemporaryDirectory { directory in
      let writer = NotesStorage.file(inDirectory: directory.path)
      let document = NotesDocument(notes: [Note(id: 1, title: "mine", revision: 1)])
      #expect(try await writer.loadNotes().writeRefusal == nil)
      try await writer.save(document, 1)

      let reader = NotesStorage.file(inDirectory: directory.path)
      let loaded = try await reader.loadNotes()
      let refusal = NotesStorageError.locked(
        path: directory.path(of: "notes.json"), holder: getpid())
      #expect(loaded.writeRefusal == refusal)
      #expect(loaded.document == document)
      await #expect(throws: refusal) {
        try await reader.save(NotesDocument(notes: []), 2)
      }
      #expect(try await writer.load() == document)
    }
  }
}
