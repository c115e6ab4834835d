import Testing

@testable import NotesFeature

@MainActor
@Suite struct NotesStorageTests {
  @Test func inMemoryStorageSeedsNotesNewestFirst() async throws {
    let storage = NotesStorage.inMemory([("Newest", "n"), ("Middle", ""), ("Oldest", "o")])
    let notes = try await storage.load().notes
    #expect(notes.map(\.title) == ["Newest", "Middle", "Oldest"])
    #expect(notes.map(\.id) == [1, 2, 3])
    #expect(notes.map(\.revision) == [3, 2, 1])
    #expect(storage.location == "memory")
  }

  @Test func aSaveOlderThanOneAlreadyWrittenIsSkipped() async throws {
    let storage = NotesStorage.inMemory()
    let newer = NotesDocument(notes: [Note(id: 1, title: "newer", revision: 2)])
    let older = NotesDocument(notes: [Note(id: 1, title: "older", revision: 1)])
    try await storage.save(newer, 5)
    try await storage.save(older, 4)
    try await storage.save(older, 5)
    #expect(try await storage.load() == newer)
    try await storage.save(older, 6)
    #expect(try await storage.load() == older)
  }

  @Test func aLoadStartsANewSequenceOfSaves() async throws {
    // Every run of the feature loads first and counts its edits from zero.
    let storage = NotesStorage.inMemory()
    let firstRun = NotesDocument(notes: [Note(id: 1, title: "first run", revision: 1)])
    let secondRun = NotesDocument(notes: [Note(id: 1, title: "second run", revision: 2)])
    try await storage.save(firstRun, 40)
    _ = try await storage.load()
    try await storage.save(secondRun, 1)
    #expect(try await storage.load() == secondRun)
  }

  @Test func fileStorageNamesItsFile() async throws {
    try await withTemporaryDirectory { directory in
      let storage = NotesStorage.file(inDirectory: directory.path)
      #expect(storage.location == directory.path(of: "notes.json"))
      try await storage.save(NotesDocument(notes: [Note(id: 1, title: "t", revision: 1)]), 0)
      #expect(try await storage.load().notes.map(\.title) == ["t"])
    }
  }
}
