import Testing

@testable import NotesFeature

/// A file storage never writes a notes file it did not accept, whatever its caller does, and
/// names what it found at every load.
@MainActor
@Suite struct NotesStorageRefusalTests {
  let newer = Array(
    (#"{"format":"multistore-notes","version":99,"notes":["#
      + #"{"id":1,"title":"From the future","body":"","revision":1}]}"#).utf8)

  @Test func aNewerVersionLoadsReadOnlyAndNoSaveWritesIt() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(newer, to: "notes.json")
      let storage = NotesStorage.file(inDirectory: directory.path)
      let loaded = try await storage.loadNotes()
      let refusal = NotesStorageError.newerVersion(
        path: directory.path(of: "notes.json"), version: 99, shown: true)
      #expect(loaded.writeRefusal == refusal)
      #expect(loaded.document.notes.map(\.title) == ["From the future"])
      #expect(refusal.description.contains("file version 99"))
      await #expect(throws: refusal) { try await storage.save(NotesDocument(notes: []), 1) }
      #expect(directory.read("notes.json") == newer)
      await storage.close()
    }
  }

  /// What is not accepted loads as no notes, and earlier recovery files wait for the file to
  /// load: restored now, they could only go to one more recovery file.
  @Test func aFileNotAcceptedLoadsNothingAndNoSaveWritesIt() async throws {
    try await withTemporaryDirectory { directory in
      let broken = Array(#"{"format":"multistore-notes","notes":[{"#.utf8)
      try directory.write(broken, to: "notes.json")
      let recovery = NotesDocument(notes: [Note(id: 1, title: "typed", revision: 1)]).encoded()
      try directory.write(recovery, to: "notes.recovery-1-2-3.json")
      let storage = NotesStorage.file(inDirectory: directory.path)
      let loaded = try await storage.loadNotes()
      guard case .notAccepted(let path, _) = loaded.writeRefusal else {
        Issue.record("expected notAccepted, got \(String(describing: loaded.writeRefusal))")
        return
      }
      #expect(path == directory.path(of: "notes.json"))
      #expect(loaded.document.notes.isEmpty)
      #expect(loaded.recovered.isEmpty)
      await #expect(throws: NotesStorageError.self) {
        try await storage.save(NotesDocument(notes: []), 1)
      }
      #expect(directory.read("notes.json") == broken)
      #expect(
        directory.entries().sorted() == [".locks", "notes.json", "notes.recovery-1-2-3.json"])
      await storage.close()
    }
  }

  @Test func filesSetAsideByAnEarlierBuildAreNamedAtEveryLoad() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(Array("{ half".utf8), to: "notes.json.corrupt-1700000000-42")
      for _ in 0..<2 {
        let storage = NotesStorage.file(inDirectory: directory.path)
        let loaded = try await storage.loadNotes()
        #expect(loaded.writeRefusal == nil)
        #expect(
          loaded.problems == [
            .keptAside(path: directory.path(of: "notes.json.corrupt-1700000000-42"))
          ])
        try await storage.save(NotesDocument(notes: [Note(id: 1, title: "new", revision: 1)]), 1)
        await storage.close()
      }
      #expect(directory.read("notes.json.corrupt-1700000000-42") == Array("{ half".utf8))
    }
  }
}
