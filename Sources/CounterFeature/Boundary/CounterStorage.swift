package import DurableFiles
import MultiStorePrimitives
import StoreKernel

/// Where the counter keeps its count between runs: the dependency a host injects. The favorites
/// the counter shares with other features are kept by their own shared value
/// (``CounterFeature/favorites(inDirectory:)``); favorites an older build kept here join them
/// when the counter loads this file, and the next save writes it without them.
///
/// A file storage keeps them in `counter.json` in the data directory, with the notes' rules
/// (docs/decisions/0009-one-writer-and-nothing-lost.md): atomic writes, a corrupt file kept
/// aside and reported, and one writer per file, so a second instance of the app shows the
/// counter read-only instead of overwriting it.
///
/// `Sendable`: it holds only `@Sendable` closures.
public struct CounterStorage: Sendable {
  let load: @Sendable () async throws(DurableFileError) -> LoadedCounter
  /// Writes `record`, numbered `version`: only the newest record asked for is written, so
  /// saves that reach the storage out of order, or in a burst, end with the newest on disk.
  let save: @Sendable (CounterRecord, _ version: Int) async throws(DurableFileError) -> Void
  /// The feature has stopped: after the work queued so far, give up the file's writer lock, so
  /// another storage may take it at once.
  let close: @Sendable () async -> Void

  init(
    load: @escaping @Sendable () async throws(DurableFileError) -> LoadedCounter,
    save: @escaping @Sendable (CounterRecord, Int) async throws(DurableFileError) -> Void,
    close: @escaping @Sendable () async -> Void = {}
  ) {
    self.load = load
    self.save = save
    self.close = close
  }

  /// The count in `directory/counter.json`. The directory must exist. The file
  /// is read and written on a thread of the storage's own.
  ///
  /// - Parameter directory: The data directory.
  /// - Returns: The storage.
  public static func file(inDirectory directory: String) -> CounterStorage {
    let file = CounterFile(directory: directory)
    let lock = WriterLock(directory: directory, name: "counter.lock")
    let queue = StorageQueue(label: "counter-storage " + directory)
    let newest = LockedValue(-1)
    return CounterStorage(
      load: { () async throws(DurableFileError) -> LoadedCounter in
        try await StorageQueue.run(on: queue) { () throws(DurableFileError) in
          // The counter stopped before this load ran (its task started late): what it reads
          // goes nowhere, and claiming the file now would refuse the next counter's load.
          if lock.ownerHasStopped { return LoadedCounter(record: try file.load(readOnly: true)) }
          defer { lock.operationEnded() }
          if case .heldByOther(let pid) = lock.claim() {
            return LoadedCounter(
              record: try file.load(readOnly: true),
              writeRefusal: .locked(path: file.path, holder: pid))
          }
          return LoadedCounter(record: try file.load(readOnly: false))
        }
      },
      save: { record, version throws(DurableFileError) in
        newest.withLock { $0 = max($0, version) }
        try await StorageQueue.run(on: queue) { () throws(DurableFileError) in
          // A newer save is queued behind this one: it writes, this one need not.
          guard newest.withLock({ $0 == version }) else { return }
          defer { lock.operationEnded() }
          if case .heldByOther(let pid) = lock.claim() {
            throw .locked(path: file.path, holder: pid)
          }
          try file.save(record)
        }
      },
      close: { await StorageQueue.run(on: queue) { lock.ownerStopped() } })
  }

  /// A storage in memory, for tests and previews.
  ///
  /// - Parameters:
  ///   - count: The count it starts with, or `nil` for none saved yet.
  ///   - favorites: Favorites kept the way an older build kept them (they join the shared
  ///     favorites when the counter loads).
  /// - Returns: The storage.
  public static func inMemory(count: Int? = nil, favorites: Set<Int> = []) -> CounterStorage {
    let stored = LockedValue(count.map { CounterRecord(count: $0, favorites: favorites) })
    let newest = LockedValue(-1)
    return CounterStorage(
      load: { LoadedCounter(record: stored.withLock { $0 }) },
      save: { record, version in
        newest.withLock { written in
          guard version > written else { return }
          written = version
          stored.withLock { $0 = record }
        }
      })
  }
}

/// What a load found: the record, if there is one, and whether this storage may write.
package struct LoadedCounter: Equatable, Sendable {
  package var record: CounterRecord?
  /// Why this storage must not write (another writer holds the file); `nil` when it may.
  package var writeRefusal: DurableFileError?

  package init(record: CounterRecord?, writeRefusal: DurableFileError? = nil) {
    self.record = record
    self.writeRefusal = writeRefusal
  }
}
