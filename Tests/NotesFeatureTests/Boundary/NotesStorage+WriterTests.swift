import Testing

@testable import NotesFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One writer per data directory: a second notes storage on it reads, and never writes.
@MainActor
@Suite struct NotesStorageWriterTests {
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
