import StoreKernel

/// Where notes are loaded from and saved to: the dependency a host injects.
///
/// `Sendable`: it holds only `@Sendable` closures.
public struct NotesStorage: Sendable {
  let load: @Sendable () async throws(NotesStorageError) -> NotesDocument
  /// Saves a document stamped with the edit count it contains. Saves are serialized, and a
  /// save older than one already written since the last load is skipped, so concurrent saves
  /// can never put an older version on disk after a newer one.
  let save: @Sendable (NotesDocument, _ editCount: Int) async throws(NotesStorageError) -> Void
  /// A one-line description of where the notes live, for the status line.
  package let location: String

  init(
    location: String,
    load: @escaping @Sendable () async throws(NotesStorageError) -> NotesDocument,
    save: @escaping @Sendable (NotesDocument) throws(NotesStorageError) -> Void
  ) {
    self.location = location
    let newest = LockedValue(-1)
    // Edit counts start at zero again in every run of the feature, and every run starts with a
    // load: without this reset, a restarted feature's saves would be skipped as "older".
    self.load = { () async throws(NotesStorageError) -> NotesDocument in
      newest.withLock { $0 = -1 }
      return try await load()
    }
    self.save = { document, editCount throws(NotesStorageError) in
      try newest.withLock { written throws(NotesStorageError) in
        guard editCount > written else { return }
        try save(document)
        written = editCount
      }
    }
  }

  /// Notes in `directory/notes.json`, written atomically. The directory must exist.
  ///
  /// - Parameter directory: The data directory.
  /// - Returns: The storage.
  public static func file(inDirectory directory: String) -> NotesStorage {
    let file = NotesFile(directory: directory)
    return NotesStorage(
      location: file.path,
      load: { () throws(NotesStorageError) in try file.load() },
      save: { document throws(NotesStorageError) in try file.save(document) })
  }

  /// Notes kept in memory, for tests and previews; `notes` seeds it with titled notes.
  ///
  /// - Parameter notes: Titles and bodies to start with, newest first.
  /// - Returns: The storage.
  public static func inMemory(_ notes: [(title: String, body: String)] = []) -> NotesStorage {
    let seeded = notes.enumerated().map { index, note in
      Note(id: index + 1, title: note.title, body: note.body, revision: notes.count - index)
    }
    let memory = InMemoryNotes(NotesDocument(notes: seeded))
    return NotesStorage(
      location: "memory",
      load: { memory.document },
      save: { memory.document = $0 })
  }
}

/// The in-memory storage's document, behind a lock.
final class InMemoryNotes: Sendable {
  private let storage: LockedValue<NotesDocument>

  init(_ document: NotesDocument) {
    self.storage = LockedValue(document)
  }

  var document: NotesDocument {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
