import DurableFiles
import MultiStorePrimitives
import StoreKernel

/// Where notes are loaded from and saved to: the dependency a host injects.
///
/// Besides loading and saving, a storage keeps what it cannot save: when a save fails (a full
/// disk, a read-only directory, a notes file that must not be overwritten) the feature hands it
/// the unsaved notes when it stops, and the storage writes them to a recovery file that the next
/// load offers back. A file storage also makes sure only one writer uses its directory at a time
/// (docs/decisions/0009-one-writer-and-nothing-lost.md).
///
/// `Sendable`: it holds only `@Sendable` closures.
public struct NotesStorage: Sendable {
  let loadNotes: @Sendable () async throws(NotesStorageError) -> LoadedNotes
  /// Saves a document stamped with the edit count it contains. Saves are serialized, and a
  /// save older than one already written since the last load is skipped, so concurrent saves
  /// can never put an older version on disk after a newer one.
  let save: @Sendable (NotesDocument, _ editCount: Int) async throws(NotesStorageError) -> Void
  /// Writes notes that could not be saved to a recovery file; returns its path.
  let keepUnsaved: @Sendable (NotesDocument) async throws(NotesStorageError) -> String
  /// Removes recovery files whose notes are now saved.
  let removeRecoveries: @Sendable ([String]) async -> Void
  /// The feature has stopped: after the work queued so far, give up the directory's writer
  /// lock, so another storage may take it at once.
  let close: @Sendable () async -> Void
  /// A one-line description of where the notes live, for the status line.
  package let location: String

  init(
    location: String,
    loadNotes: @escaping @Sendable () async throws(NotesStorageError) -> LoadedNotes,
    save:
      @escaping @Sendable (NotesDocument, _ editCount: Int) async throws(NotesStorageError)
      -> Void,
    keepUnsaved: @escaping @Sendable (NotesDocument) async throws(NotesStorageError) -> String,
    removeRecoveries: @escaping @Sendable ([String]) async -> Void = { _ in },
    close: @escaping @Sendable () async -> Void = {}
  ) {
    self.location = location
    self.loadNotes = loadNotes
    self.save = save
    self.keepUnsaved = keepUnsaved
    self.removeRecoveries = removeRecoveries
    self.close = close
  }

  /// A storage whose work is synchronous, run on `queue` (or inline without one), with saves
  /// put in order: a save older than one already written since the last load is skipped.
  init(
    location: String,
    queue: StorageQueue?,
    load: @escaping @Sendable () throws(NotesStorageError) -> LoadedNotes,
    save: @escaping @Sendable (NotesDocument) throws(NotesStorageError) -> Void,
    keepUnsaved: @escaping @Sendable (NotesDocument) throws(NotesStorageError) -> String,
    removeRecoveries: @escaping @Sendable ([String]) -> Void = { _ in },
    close: @escaping @Sendable () -> Void = {}
  ) {
    let newest = LockedValue(-1)
    self.init(
      location: location,
      loadNotes: { () async throws(NotesStorageError) -> LoadedNotes in
        try await StorageQueue.run(on: queue) { () throws(NotesStorageError) in
          // Edit counts start at zero again in every run of the feature, and every run starts
          // with a load: without this reset, a restarted feature's saves would be skipped.
          newest.withLock { $0 = -1 }
          return try load()
        }
      },
      save: { document, editCount throws(NotesStorageError) in
        try await StorageQueue.run(on: queue) { () throws(NotesStorageError) in
          guard queue != nil else {
            // In memory, nothing orders the callers but the lock; the write is an assignment.
            try newest.withLock { written throws(NotesStorageError) in
              guard editCount > written else { return }
              try save(document)
              written = editCount
            }
            return
          }
          // On the serial queue, this job is the only writer: the check and the write run in
          // turn with every other save's, so a save that reaches the queue late can never put
          // an older version on disk after a newer one. The lock guards only the count, never
          // the encoding, the write or the fsync.
          guard newest.withLock({ editCount > $0 }) else { return }
          try save(document)
          newest.withLock { $0 = max($0, editCount) }
        }
      },
      keepUnsaved: { document throws(NotesStorageError) in
        try await StorageQueue.run(on: queue) { () throws(NotesStorageError) in
          try keepUnsaved(document)
        }
      },
      removeRecoveries: { paths in
        await StorageQueue.run(on: queue) { removeRecoveries(paths) }
      },
      close: { await StorageQueue.run(on: queue) { close() } })
  }

  /// Loads the notes alone, for tests and tools that need nothing else.
  func load() async throws(NotesStorageError) -> NotesDocument {
    try await loadNotes().document
  }

  /// Notes in `directory/notes.json`, written atomically. The directory must exist.
  ///
  /// Files are read and written on a thread of the storage's own, never on the concurrency
  /// runtime's few cooperative threads: a 10 MB save and its `fsync` take a while. The
  /// directory's single-writer lock (`.locks/notes.lock`) is taken by the first load; while
  /// another writer holds it, the notes load read-only and unsaved changes go to a recovery file. A
  /// notes file this build does not accept (not a notes file, or a newer version's) is never
  /// written either: the load says why, and every save is refused with that reason.
  ///
  /// - Parameter directory: The data directory.
  /// - Returns: The storage.
  public static func file(inDirectory directory: String) -> NotesStorage {
    let file = NotesFile(directory: directory)
    let recoveries = RecoveryFiles(directory: directory)
    let lock = WriterLock(directory: directory, name: NotesFile.lockName)
    // Why the file must not be written, as the last load found it: a save never writes over a
    // file that load did not accept, whatever the caller does.
    let refusal = LockedValue<NotesStorageError?>(nil)
    // The file as the last load read it or the last save wrote it (`nil`: there was none), once
    // loaded: a save over a file someone else wrote since would lose what they wrote.
    let known = LockedValue<Fingerprint??>(nil)
    return NotesStorage(
      location: file.path,
      queue: StorageQueue(label: "notes-storage " + directory),
      load: { () throws(NotesStorageError) in
        defer { lock.operationEnded() }
        var holder: Int32?
        if case .heldByOther(let pid) = lock.claim() { holder = pid }
        var loaded = LoadedNotes(document: NotesDocument(notes: []))
        // Before the read: a write between the two makes the next save refuse, never lose it.
        let fingerprint = file.fingerprint()
        known.withLock { $0 = .some(fingerprint) }
        do throws(NotesStorageError) {
          loaded.document = try file.load(readOnly: holder != nil)
          if loaded.document.version > NotesDocument.currentVersion {
            loaded.writeRefusal = .newerVersion(
              path: file.path, version: loaded.document.version, shown: true)
          }
        } catch {
          switch error {
          case .notAccepted, .newerVersion:
            loaded.writeRefusal = error
          default:
            refusal.withLock { $0 = error.refusesWriting ? error : nil }
            throw error
          }
        }
        loaded.problems = file.keptAsideFiles().map { .keptAside(path: $0) }
        if let pid = holder {
          // Another writer holds the directory: it restores the recovery files, not this one.
          if let refused = loaded.writeRefusal { loaded.problems.insert(refused, at: 0) }
          loaded.writeRefusal = .locked(path: file.path, holder: pid)
        } else if loaded.writeRefusal == nil {
          // Restored notes are saved at once, which a file that must not be written refuses:
          // they stay in their files until it loads.
          loaded.recovered = recoveries.find()
        }
        refusal.withLock { $0 = loaded.writeRefusal }
        return loaded
      },
      save: { document throws(NotesStorageError) in
        defer { lock.operationEnded() }
        if case .heldByOther(let pid) = lock.claim() {
          throw .locked(path: file.path, holder: pid)
        }
        if let refused = refusal.withLock({ $0 }), refused.refusesWriting { throw refused }
        // Just before the new file replaces it, a file that is there and is not the one last
        // read or written here was written by another program. A file that went away holds
        // nothing to lose.
        let isUnchanged: ((Fingerprint?) -> Bool)? = known.withLock { $0 }.map { expected in
          { now in now == nil || now == expected }
        }
        do throws(NotesStorageError) {
          let written = try file.save(document, unless: isUnchanged)
          known.withLock { $0 = .some(written) }
        } catch {
          if case .changedOnDisk = error { refusal.withLock { $0 = error } }
          throw error
        }
      },
      keepUnsaved: { document throws(NotesStorageError) in try recoveries.write(document) },
      removeRecoveries: { recoveries.remove($0) },
      close: { lock.ownerStopped() })
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
      queue: nil,
      load: { LoadedNotes(document: memory.document) },
      save: { memory.document = $0 },
      keepUnsaved: { document in
        memory.document = document
        return "memory"
      })
  }
}

/// What a load found: the notes, the unsaved notes of earlier runs, and whether this storage
/// may write.
package struct LoadedNotes: Equatable, Sendable {
  package var document: NotesDocument
  /// Recovery files left by earlier runs that could not save.
  package var recovered: [RecoveryFiles.Found] = []
  /// Why this storage must not write (another writer holds the directory, the file is not one
  /// this build accepts); `nil` when it may.
  package var writeRefusal: NotesStorageError?
  /// More to tell the user: files an earlier build set aside (named at every start until the
  /// user deals with them), and, when another writer holds the directory, why the file itself
  /// would not be written either.
  package var problems: [NotesStorageError] = []
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
