import DurableFiles
import MultiStorePrimitives
import StoreKernel

/// Keeps one shared value in one file: loads it on the storage's own thread, saves the newest
/// value after a short delay (a burst of changes is one write), and follows DurableFiles' rules
/// (atomic writes, one writer per file, a file that cannot be decoded kept aside and reported).
///
/// `Sendable`: its state is behind a `LockedValue`; the rest is immutable and `Sendable`.
final class FileStorage<Value: Sendable>: SharedKeyStorage, Sendable {
  private struct State {
    var isLoaded = false
    var loadWaiters: [CheckedContinuation<Void, Never>] = []
    /// The newest value not yet written, and its version.
    var unsaved: (value: Value, version: Int)?
    var newestVersion = 0
    var saveScheduled = false
    /// False when the file must not be written: another writer holds it, or it exists and
    /// cannot be read.
    var canSave = true
    var loadError: DurableFileError?
    var saveError: DurableFileError?
    var writes = 0
    var bytesWritten = 0
  }

  private let file: DurableFile
  private let lock: WriterLock
  private let queue: StorageQueue
  private let coding: SharedFileCoding<Value>
  private let saveDelay: Duration
  private let context: SharedKeyContext<Value>
  private let state = LockedValue(State())

  init(
    path: String, coding: SharedFileCoding<Value>, saveDelay: Duration,
    context: SharedKeyContext<Value>
  ) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    self.file = DurableFile(directory: directory.isEmpty ? "/" : directory, name: name)
    self.lock = WriterLock(directory: directory.isEmpty ? "/" : directory, name: name + ".lock")
    self.queue = StorageQueue(label: "shared-file " + path)
    self.coding = coding
    self.saveDelay = saveDelay
    self.context = context
    let predecessor = newestFileStorages.withLock { newest in
      defer {
        newest = newest.filter { $0.value.storage != nil }
        newest[path] = NewestFileStorage(storage: self)
      }
      return newest[path]?.storage
    }
    Task {
      // The storage of the file's last holder, let go a moment ago, may still hold the lock
      // and a change for its save delay: it saves that now and gives the lock up, before this
      // one reads the file. One that a holder still holds is a second writer, as in another
      // process: this one reads the file and saves nothing.
      if let predecessor, predecessor.isAbandoned { await predecessor.handOver() }
      await StorageQueue.run(on: queue) { self.load() }
    }
  }

  var loadError: (any Error)? { state.withLock { $0.loadError } }
  var saveError: (any Error)? { state.withLock { $0.saveError } }

  /// How many writes reached the file, and their bytes: what a test of coalescing counts.
  var writeCounts: (writes: Int, bytes: Int) {
    state.withLock { ($0.writes, $0.bytesWritten) }
  }

  func valueDidChange(_ value: Value, version: Int) {
    let schedule = state.withLock { state -> Bool in
      guard version > state.newestVersion else { return false }
      state.newestVersion = version
      state.unsaved = (value, version)
      // Before the load, the change only wins over what was kept; the load saves it.
      guard state.isLoaded, state.canSave, !state.saveScheduled else { return false }
      state.saveScheduled = true
      return true
    }
    if schedule { scheduleSave() }
  }

  func loaded() async {
    await withCheckedContinuation { continuation in
      let loaded = state.withLock { state in
        if !state.isLoaded { state.loadWaiters.append(continuation) }
        return state.isLoaded
      }
      if loaded { continuation.resume() }
    }
  }

  func save() async {
    await loaded()
    await StorageQueue.run(on: queue) { self.writeUnsaved() }
  }

  /// Whether every holder of the value has let it go (a save it scheduled may still keep the
  /// storage).
  var isAbandoned: Bool { context.value == nil }

  /// Hands the file to the next storage of the same path in the process: once loaded, saves
  /// what is pending now (not after the save delay), then never writes again and gives the
  /// writer lock up.
  func handOver() async {
    await loaded()
    await StorageQueue.run(on: queue) {
      self.writeUnsaved()
      self.state.withLock { $0.canSave = false }
      self.lock.ownerStopped()
    }
  }

  private func scheduleSave() {
    let delay = saveDelay
    Task {
      try? await Task.sleep(for: delay)
      await StorageQueue.run(on: queue) { self.writeUnsaved() }
    }
  }

  /// Reads the file, on the storage's thread.
  private func load() {
    defer { lock.operationEnded() }
    var refusal: DurableFileError?
    if case .heldByOther(let pid) = lock.claim() {
      refusal = .locked(path: file.path, holder: pid)
    } else {
      file.removeAbandonedTemporaryFiles()
    }
    var loadError: DurableFileError?
    var loadedValue: Value?
    do {
      if let bytes = try file.read() {
        do {
          loadedValue = try coding.decode(bytes)
        } catch {
          loadError = keepAside(reason: "\(error)", readOnly: refusal != nil)
        }
      }
    } catch {
      // There, but not a readable file (a directory, a FIFO, no permission): never written.
      loadError = error
      refusal = refusal ?? error
    }
    if case .unreadable = loadError { refusal = refusal ?? loadError }
    let (install, seenVersion) = state.withLock { state in
      state.loadError = loadError
      if let refusal {
        state.canSave = false
        state.saveError = refusal
      }
      return (state.unsaved != nil ? nil : loadedValue, state.newestVersion)
    }
    // A change made from here on wins: the loaded value is installed only if none came.
    if let install { context.replaceWithLoaded(install, ifUnchangedSince: seenVersion) }
    // Loaded only now that the value is in place: a holder that awaits `loaded()` and then
    // reads must find it (marked loaded before, a read in between saw the default).
    let (waiters, saveNow) = state.withLock { state in
      state.isLoaded = true
      defer { state.loadWaiters = [] }
      // What was changed before the load (or while it was installed) wins over what was
      // kept, and is saved now: until this moment a change scheduled no save of its own.
      return (state.loadWaiters, state.unsaved != nil && state.canSave)
    }
    if saveNow { writeUnsaved() }
    for waiter in waiters { waiter.resume() }
  }

  /// Moves a file that cannot be decoded aside (unless another process is the writer: then it
  /// is only reported).
  private func keepAside(reason: String, readOnly: Bool) -> DurableFileError {
    if readOnly { return .unreadable(path: file.path, reason: reason) }
    switch file.keepAside() {
    case .success(let aside): return .corrupt(path: file.path, keptAt: aside, reason: reason)
    case .failure(let failure): return failure
    }
  }

  /// Writes the newest unsaved value, on the storage's thread.
  private func writeUnsaved() {
    let pending = state.withLock { state -> (value: Value, version: Int)? in
      state.saveScheduled = false
      guard state.isLoaded, state.canSave, let unsaved = state.unsaved else { return nil }
      state.unsaved = nil
      return unsaved
    }
    guard let pending else { return }
    let result: Result<Int, DurableFileError> = encodeAndWrite(pending.value)
    state.withLock { state in
      switch result {
      case .success(let bytes):
        state.writes += 1
        state.bytesWritten += bytes
        state.saveError = nil
      case .failure(let error):
        state.saveError = error
        if case .locked = error { state.canSave = false }
        // Kept for the next change or `save()` to try again.
        if state.unsaved == nil { state.unsaved = pending }
      }
    }
  }

  private func encodeAndWrite(_ value: Value) -> Result<Int, DurableFileError> {
    let bytes: [UInt8]
    do {
      bytes = try coding.encode(value)
    } catch {
      return .failure(.writeFailed(path: file.path, reason: "cannot encode the value: \(error)"))
    }
    defer { lock.operationEnded() }
    if case .heldByOther(let pid) = lock.claim() {
      return .failure(.locked(path: file.path, holder: pid))
    }
    do throws(DurableFileError) {
      try file.write(bytes)
      return .success(bytes.count)
    } catch {
      return .failure(error)
    }
  }
}

/// A storage of a file that a later storage of the same path may take the file over from.
private protocol FileHandOver: AnyObject, Sendable {
  /// Whether every holder of its value has let it go.
  var isAbandoned: Bool { get }
  /// Saves what is pending and gives the writer lock up.
  func handOver() async
}

extension FileStorage: FileHandOver {}

/// The storage made last for a path in this process, held weakly.
private struct NewestFileStorage: Sendable {
  weak var storage: (any FileHandOver)?
}

/// The newest storage of each path, for the next one to take the file over from.
private let newestFileStorages = LockedValue<[String: NewestFileStorage]>([:])

extension Shared {
  /// How many writes the value's file storage made and their bytes; `nil` when no file storage
  /// keeps it. For tests and benchmarks of coalescing.
  package var fileWriteCounts: (writes: Int, bytes: Int)? {
    ((reference.root as? any SharedKeyHolding)?.anyKeyStorage as? FileStorage<Value>)?
      .writeCounts
  }
}
