import DurableFiles
import Testing

@testable import NotesFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file storage never saves over what another program wrote to the notes file after the
/// storage read it, and a save keeps the file's permissions, refusing a file they make
/// read-only.
@MainActor
@Suite struct NotesStorageExternalChangeTests {
  let ours = NotesDocument(notes: [Note(id: 1, title: "ours", body: "typed here", revision: 1)])
  let theirs = NotesDocument(notes: [Note(id: 7, title: "theirs", body: "synced", revision: 1)])

  @Test func aFileAnotherProgramWroteInPlaceIsNotSavedOverAndTheChangesAreKept() async throws {
    try await withTemporaryDirectory { directory in
      let storage = NotesStorage.file(inDirectory: directory.path)
      _ = try await storage.loadNotes()
      try await storage.save(ours, 1)
      // Another program writes the file where it is (same inode).
      try directory.write(theirs.encoded(), to: "notes.json")
      let refusal = NotesStorageError.changedOnDisk(path: directory.path(of: "notes.json"))
      var more = ours
      more.notes.append(Note(id: 2, title: "more", body: "typed after", revision: 2))
      await #expect(throws: refusal) { try await storage.save(more, 2) }
      // Refused from then on, without looking again.
      await #expect(throws: refusal) { try await storage.save(more, 3) }
      #expect(directory.read("notes.json") == theirs.encoded())
      #expect(refusal.refusesWriting)
      #expect(refusal.summary == "Not saved: notes.json was changed by another program")

      // What the feature does when it stops with unsaved changes: they go to a recovery file,
      // which the next load offers back beside the other program's notes.
      let kept = try await storage.keepUnsaved(more)
      await storage.close()
      let next = NotesStorage.file(inDirectory: directory.path)
      let loaded = try await next.loadNotes()
      #expect(loaded.document.notes.map(\.title) == ["theirs"])
      #expect(loaded.recovered.map(\.path) == [kept])
      #expect(loaded.recovered.first?.document.notes.map(\.title) == ["ours", "more"])
      // Loaded again, the file is the one this storage knows: saving works.
      try await next.save(theirs, 1)
      await next.close()
    }
  }

  @Test func aFileAnotherProgramReplacedIsNotSavedOver() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(ours.encoded(), to: "notes.json")
      let storage = NotesStorage.file(inDirectory: directory.path)
      _ = try await storage.loadNotes()
      // Replaced the way editors and sync tools do: a new file renamed over it, here with
      // the same bytes, so only the file's identity tells.
      try directory.write(ours.encoded(), to: "replacement")
      #expect(rename(directory.path(of: "replacement"), directory.path(of: "notes.json")) == 0)
      await #expect(throws: NotesStorageError.changedOnDisk(path: directory.path(of: "notes.json")))
      {
        try await storage.save(theirs, 1)
      }
      #expect(directory.read("notes.json") == ours.encoded())
      await storage.close()
    }
  }

  @Test func savesOfItsOwnAndAFileThatWentAwayAreWritten() async throws {
    try await withTemporaryDirectory { directory in
      let storage = NotesStorage.file(inDirectory: directory.path)
      _ = try await storage.loadNotes()
      try await storage.save(ours, 1)
      try await storage.save(theirs, 2)
      #expect(unlink(directory.path(of: "notes.json")) == 0)
      try await storage.save(ours, 3)
      #expect(directory.read("notes.json") == ours.encoded())
      await storage.close()
    }
  }

  @Test func aSaveKeepsTheFilesPermissionsAndANewFileIsTheUsersAlone() async throws {
    try await withTemporaryDirectory { directory in
      let file = NotesFile(directory: directory.path)
      try file.save(ours)
      #expect(mode(of: file.path) == 0o600)
      #expect(chmod(file.path, 0o644) == 0)
      try file.save(theirs)
      #expect(mode(of: file.path) == 0o644)
      #expect(directory.read("notes.json") == theirs.encoded())
    }
  }

  /// Root writes files whatever their mode: as root (in CI), the test runs again as nobody.
  @Test func aReadOnlyFileIsNotReplacedThoughTheDirectoryAllowsIt() async throws {
    if try await reranAsNobody(
      suite: "NotesStorageExternalChangeTests",
      test: "aReadOnlyFileIsNotReplacedThoughTheDirectoryAllowsIt")
    {
      return
    }
    try await withTemporaryDirectory { directory in
      try directory.write(ours.encoded(), to: "notes.json")
      #expect(chmod(directory.path(of: "notes.json"), 0o444) == 0)
      let file = NotesFile(directory: directory.path)
      #expect {
        try file.save(theirs)
      } throws: { error in
        guard case .writeFailed(let path, let reason) = error as? NotesStorageError else {
          return false
        }
        return path == file.path && reason.contains("read-only (mode 444)")
      }
      #expect(directory.read("notes.json") == ours.encoded())
      #expect(mode(of: file.path) == 0o444)
      #expect(directory.entries() == ["notes.json"])
    }
  }

  private func mode(of path: String) -> mode_t {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return status.st_mode & 0o7777
  }
}
