import Testing

@testable import NotesFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where unsaved notes go when they cannot be saved, and how the next start finds them.
@MainActor
@Suite struct RecoveryFilesTests {
  let document = NotesDocument(notes: [Note(id: 4, title: "draft", body: "unsaved", revision: 2)])

  @Test func aRecoveryFileIsWrittenInTheDataDirectoryAndFoundAgain() async throws {
    try await withTemporaryDirectory { directory in
      try await withTemporaryDirectory { temporary in
        let recoveries = RecoveryFiles(
          directory: directory.path, temporaryDirectory: temporary.path)
        let path = try recoveries.write(document)
        #expect(path.hasPrefix(directory.path(of: "notes.recovery-")))
        #expect(recoveries.find() == [.init(path: path, document: document)])
        #expect(temporary.entries().isEmpty)

        recoveries.remove([path])
        #expect(recoveries.find().isEmpty)
        #expect(directory.entries().isEmpty)
      }
    }
  }

  @Test func withoutTheDataDirectoryTheRecoveryGoesToTheTemporaryDirectory() async throws {
    try await withTemporaryDirectory { parent in
      try await withTemporaryDirectory { temporary in
        // A data directory that is gone stands for one that cannot be written (read-only, full).
        let missing = parent.path(of: "gone")
        let recoveries = RecoveryFiles(directory: missing, temporaryDirectory: temporary.path)
        let path = try recoveries.write(document)
        #expect(path.hasPrefix(temporary.path + "/multistore-notes-recovery-"))
        #expect(recoveries.find() == [.init(path: path, document: document)])

        // Another data directory's recovery files in the same temporary directory are not its.
        let other = RecoveryFiles(
          directory: parent.path(of: "other"), temporaryDirectory: temporary.path)
        #expect(other.find().isEmpty)
      }
    }
  }

  @Test func whenNothingCanBeWrittenTheErrorNamesEveryPlaceTried() async throws {
    try await withTemporaryDirectory { parent in
      let recoveries = RecoveryFiles(
        directory: parent.path(of: "gone"), temporaryDirectory: parent.path(of: "also-gone"))
      do throws(NotesStorageError) {
        _ = try recoveries.write(document)
        Issue.record("a recovery file was written into missing directories")
      } catch {
        #expect(error.description.contains(parent.path(of: "gone")))
        #expect(error.description.contains(parent.path(of: "also-gone")))
        #expect(error.description.contains("No such file or directory"))
      }
    }
  }

  @Test func aFileStorageOffersEarlierRecoveryFilesWhenItLoads() async throws {
    try await withTemporaryDirectory { directory in
      let path = try RecoveryFiles(directory: directory.path).write(document)
      let loaded = try await NotesStorage.file(inDirectory: directory.path).loadNotes()
      #expect(loaded.recovered == [.init(path: path, document: document)])
    }
  }
}
