import MultiStorePrimitives

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One writer per kept file: an advisory `flock` on a lock file in the hidden `.locks` folder
/// beside it (`.locks/notes.lock`, `.locks/counter.lock`), held from the first claim until this
/// value is released (or the process ends, however it ends: the kernel drops the lock with the
/// last descriptor, so a crash never leaves a stale lock behind).
///
/// The lock files live in their own folder so that the user's data folder lists only the
/// user's files (and that one hidden folder). A lock file an earlier build left beside the kept
/// file (`notes.lock`) is locked too while it exists, so an older build still running is seen,
/// and removed once this value holds both.
///
/// The lock file holds the writer's process id, so a second writer can say who holds it.
/// Every storage of the same file, in this process or another, takes the same lock: two
/// writers would each save their own version and silently drop the other's changes.
///
/// `Sendable`: the descriptor is behind a lock.
package final class WriterLock: Sendable {
  /// What claiming the lock found.
  package enum Claim: Equatable, Sendable {
    /// This value holds the lock.
    case held
    /// Another descriptor holds it: another process (its id, when the lock file names one) or
    /// another storage in this one.
    case heldByOther(pid: Int32?)
    /// The lock file cannot be created or locked (a read-only directory, a file system without
    /// locks): nothing can be saved there either, so there is no second writer to fear.
    case unavailable(reason: String)
  }

  package let path: String
  /// Where an earlier build kept this lock: beside the kept file.
  private let legacyPath: String
  private let directory: String
  private let descriptor = LockedValue<Int32?>(nil)
  /// Set by `ownerStopped()`: from then on the lock is held only while an operation needs it.
  private let stopped = LockedValue(false)

  /// The folder, inside a data directory, that holds its lock files.
  private static let folderName = ".locks"

  /// The lock `name` of the files in `directory`: `directory/.locks/name`.
  package init(directory: String, name: String) {
    self.directory = directory + "/" + Self.folderName
    self.path = self.directory + "/" + name
    self.legacyPath = directory + "/" + name
  }

  deinit {
    descriptor.withLock { descriptor in
      if let open = descriptor {
        close(open)
        Self.releasedInThisProcess(path)
      }
    }
  }

  /// Takes the lock if this value does not hold it yet; returns at once either way, but for a
  /// lock a child of this process still holds for a moment as it starts (below).
  package func claim() -> Claim {
    descriptor.withLock { held in
      if held != nil { return .held }
      // The folder is made on the first claim; a link or a file in its place is refused, never
      // followed.
      if mkdir(directory, 0o700) != 0, errno != EEXIST {
        return .unavailable(reason: "cannot create \(directory): \(FileDescriptor.message())")
      }
      guard Self.isDirectory(directory) else {
        return .unavailable(reason: "\(directory) is not a directory")
      }
      if case .heldByOther(let pid) = claimLegacyLock() { return .heldByOther(pid: pid) }
      // A lock file this user may not write (made read-only, or another user's) can still be
      // locked through a read-only descriptor: every writer takes the same lock either way.
      // Only a lock file that cannot be opened at all means nothing can be saved here.
      guard
        let open = FileDescriptor.openFile(path, O_RDWR | O_CREAT | O_NOFOLLOW)
          ?? FileDescriptor.openFile(path, O_RDONLY | O_NOFOLLOW)
      else {
        return .unavailable(reason: "cannot open \(path): \(FileDescriptor.message())")
      }
      var code = flock(open, LOCK_EX | LOCK_NB) == 0 ? 0 : errno
      // A lock that names this process while no lock value of this process holds it is a
      // child this process is starting (any thread's `posix_spawn`): between its fork and its
      // exec it holds a copy of every descriptor, the released lock's among them, so the lock
      // outlives its release by as long as the exec takes. Wait that out, a millisecond at a
      // time, for at most two seconds; a real second writer names another process, or is a
      // lock value of this one.
      var waited = 0
      while code == EWOULDBLOCK, waited < 2_000, Self.readHolder(open) == getpid(),
        !Self.isHeldInThisProcess(path)
      {
        usleep(1_000)
        waited += 1
        code = flock(open, LOCK_EX | LOCK_NB) == 0 ? 0 : errno
      }
      guard code == 0 else {
        let holder = Self.readHolder(open)
        close(open)
        if code == EWOULDBLOCK { return .heldByOther(pid: holder) }
        return .unavailable(reason: "cannot lock \(path): \(FileDescriptor.message(code))")
      }
      // Named in the file for a second writer's message, where the file can be written.
      let pid = Array("\(getpid())\n".utf8)
      if ftruncate(open, 0) == 0 { _ = pwrite(open, pid, pid.count, 0) }
      held = open
      Self.heldInThisProcess.withLock { $0[path, default: 0] += 1 }
      return .held
    }
  }

  /// An earlier build's lock file beside the kept file: when an instance of that build holds
  /// it, the file is in use; else it is removed (after this claim nobody else can be taking it
  /// for a build of ours, and an older build makes it again when it starts).
  private func claimLegacyLock() -> Claim {
    guard case .regularFile = FileDescriptor.entryKind(legacyPath),
      let open = FileDescriptor.openFile(legacyPath, O_RDONLY | O_NOFOLLOW)
    else { return .held }
    defer { close(open) }
    guard flock(open, LOCK_EX | LOCK_NB) == 0 else {
      return errno == EWOULDBLOCK ? .heldByOther(pid: Self.readHolder(open)) : .held
    }
    unlink(legacyPath)
    return .held
  }

  /// Whether `path` is a directory itself, not a link to one.
  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// How many lock values of this process hold each lock file.
  private static let heldInThisProcess = LockedValue<[String: Int]>([:])

  private static func isHeldInThisProcess(_ path: String) -> Bool {
    heldInThisProcess.withLock { $0[path, default: 0] > 0 }
  }

  private static func releasedInThisProcess(_ path: String) {
    heldInThisProcess.withLock { held in
      let count = held[path, default: 0] - 1
      held[path] = count > 0 ? count : nil
    }
  }

  /// Whether this value holds the lock.
  package var isHeld: Bool { descriptor.withLock { $0 != nil } }

  /// Gives the lock up now, because its owner has stopped (a feature's stop closes its
  /// storage): the next writer, in this process or another, may claim it at once, instead of
  /// waiting for this value to be released, which tasks finishing their work may delay. An
  /// operation that still comes claims it again for its own duration
  /// (``operationEnded()`` after it).
  package func ownerStopped() {
    stopped.withLock { $0 = true }
    release()
  }

  /// Whether ``ownerStopped()`` was called: a load that only starts after its owner stopped (a
  /// start's load whose task ran late) reads without claiming the lock, so that it never holds
  /// the file while the next owner starts and loads.
  package var ownerHasStopped: Bool { stopped.withLock { $0 } }

  /// Call when an operation that claimed the lock ends: after ``ownerStopped()``, it gives the
  /// lock up again.
  package func operationEnded() {
    if stopped.withLock({ $0 }) { release() }
  }

  private func release() {
    descriptor.withLock { held in
      if let open = held {
        close(open)
        Self.releasedInThisProcess(path)
      }
      held = nil
    }
  }

  private static func readHolder(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = pread(descriptor, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[0..<count], as: UTF8.self)
    return Int32(text.prefix { $0.isNumber })
  }
}
