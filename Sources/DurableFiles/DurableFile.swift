import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One file the app keeps in its data directory (the notes, the counter), with the rules every
/// such file follows (docs/decisions/0009-one-writer-and-nothing-lost.md):
///
/// - **Written atomically.** A write goes to a new temporary file in the same directory,
///   created exclusively and never through a symbolic link (`O_CREAT | O_EXCL | O_NOFOLLOW`),
///   is flushed with `fsync`, then renamed over the file, and the directory is synced: a crash
///   leaves the old complete file or the new one, never a torn one.
/// - **Read defensively.** Only a regular file is read, up to ``sizeLimit``: a symbolic link,
///   a FIFO or a device in its place is reported, never followed, read or replaced.
/// - **Kept when corrupt.** A file its owner cannot decode is never overwritten: moved aside
///   (``keepAside()``, the counter and the favorites) or left where it is (the notes).
///
/// `Sendable` plain value.
package struct DurableFile: Sendable {
  package let directory: String
  package let name: String
  /// The largest file read: far above anything real, far below what would exhaust memory.
  package let sizeLimit: Int
  package var path: String { directory + "/" + name }

  package init(directory: String, name: String, sizeLimit: Int = 256 << 20) {
    self.directory = directory
    self.name = name
    self.sizeLimit = sizeLimit
  }

  /// The file's bytes, or `nil` when there is no file.
  package func read() throws(DurableFileError) -> [UInt8]? {
    guard let descriptor = try openForReading() else { return nil }
    defer { close(descriptor) }
    guard let bytes = FileDescriptor.readAll(descriptor, limit: sizeLimit) else {
      throw .unreadable(path: path, reason: FileDescriptor.message())
    }
    // The file may have grown since it was opened.
    guard bytes.count <= sizeLimit else { throw tooLarge(bytes.count) }
    return bytes
  }

  /// The file opened for reading, once checked: a regular file within ``sizeLimit``; `nil`
  /// when there is none.
  func openForReading() throws(DurableFileError) -> Int32? {
    // O_NOFOLLOW: a symbolic link is refused, not followed. O_NONBLOCK: opening a FIFO must
    // not wait for a writer (it is refused right after, by its type).
    guard let descriptor = FileDescriptor.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    else {
      switch errno {
      case ENOENT: return nil
      case ELOOP: throw .unreadable(path: path, reason: Self.symbolicLinkReason)
      default: throw .unreadable(path: path, reason: FileDescriptor.message())
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = FileDescriptor.message()
      close(descriptor)
      throw .unreadable(path: path, reason: reason)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .unreadable(
        path: path, reason: "it is \(FileDescriptor.kindName(status.st_mode)), not a file")
    }
    guard Int(status.st_size) <= sizeLimit else {
      close(descriptor)
      throw tooLarge(Int(status.st_size))
    }
    return descriptor
  }

  /// The file as it is on disk now (``Fingerprint``), or `nil` when there is none.
  package func fingerprint() -> Fingerprint? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return Fingerprint(status)
  }

  /// Replaces the file with `bytes`, atomically (new temporary file, fsync, rename, directory
  /// fsync).
  ///
  /// - Returns: The written file's fingerprint.
  @discardableResult
  package func write(_ bytes: [UInt8]) throws(DurableFileError) -> Fingerprint {
    let (temporary, descriptor) = try createTemporaryFileForWriting()
    if let code = FileDescriptor.writeAll(bytes, to: descriptor) {
      close(descriptor)
      unlink(temporary)
      throw writeError("writing \(temporary)", code)
    }
    return try publish(temporary, descriptor: descriptor)
  }

  /// A new temporary file beside the file, once the file is known to be something that may be
  /// replaced (no link, nothing but a regular file, one this user may write). It has the
  /// file's permissions, so that replacing the file keeps them; a new file is the user's
  /// alone (`0600`).
  func createTemporaryFileForWriting() throws(DurableFileError) -> (String, Int32) {
    var mode: mode_t?
    switch FileDescriptor.entryKind(path) {
    case .symbolicLink:
      throw .writeFailed(path: path, reason: Self.symbolicLinkReason)
    case .other(let kind):
      throw .writeFailed(path: path, reason: "it is \(kind), not a file")
    case .regularFile:
      var status = stat()
      if lstat(path, &status) == 0 { mode = status.st_mode & 0o7777 }
      // A file its permissions keep from this user is not replaced behind them, although the
      // directory would allow it (as an editor refuses to write a read-only file).
      if access(path, W_OK) != 0 {
        if errno == EROFS {
          throw .writeFailed(path: path, reason: "its file system is mounted read-only")
        }
        if errno == EACCES {
          let octal = mode.map { " (mode \(String($0, radix: 8)))" } ?? ""
          throw .writeFailed(
            path: path,
            reason: "it is read-only\(octal): its permissions do not let this user write it")
        }
      }
    case .missing, .unknown:
      break
    }
    let (temporary, descriptor) = try createTemporaryFile()
    // Always: the creation mode is filtered by the umask, the file's own is not.
    if let mode { _ = fchmod(descriptor, mode) }
    return (temporary, descriptor)
  }

  /// Syncs and closes the written `temporary` file and renames it over the file, unless
  /// `isUnchanged` says the file is no longer the one its writer knows; returns the file's
  /// fingerprint as written (a rename keeps it).
  func publish(
    _ temporary: String, descriptor: Int32, unless isUnchanged: ((Fingerprint?) -> Bool)? = nil
  ) throws(DurableFileError) -> Fingerprint {
    guard fsync(descriptor) == 0 else {
      let code = errno
      close(descriptor)
      unlink(temporary)
      throw writeError("syncing \(temporary)", code)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      unlink(temporary)
      throw writeError("reading back \(temporary)", code)
    }
    close(descriptor)
    // As late as it can be: a write by someone else during the (long) writing is seen too.
    if let isUnchanged, !isUnchanged(fingerprint()) {
      unlink(temporary)
      throw .changed(path: path)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw writeError("replacing \(path)", code)
    }
    FileDescriptor.syncDirectory(directory)
    return Fingerprint(status)
  }

  /// Moves the file aside to `<name>.corrupt-<time>-<pid>` (or `-2`, `-3`… when that exists:
  /// a second corrupt file in the same second must not replace the first), and returns where;
  /// when the move fails, `.unreadable` with the system's reason.
  package func keepAside() -> Result<String, DurableFileError> {
    let aside = Self.unusedName(path + ".corrupt-\(Int(time(nil)))-\(getpid())")
    guard rename(path, aside) == 0 else {
      return .failure(.unreadable(path: path, reason: FileDescriptor.message()))
    }
    return .success(aside)
  }

  /// The files ``keepAside()`` made of this file (here or in an earlier run), oldest first:
  /// each holds a file that could not be decoded, exactly as it was, until the user moves or
  /// deletes it.
  package func keptAsideFiles() -> [String] {
    let prefix = name + ".corrupt-"
    return Self.entries(of: directory).filter { $0.hasPrefix(prefix) }.sorted().map {
      directory + "/" + $0
    }
  }

  /// Removes `<name>.tmp-<pid>…` files left by a process that was killed mid-write. Only files
  /// whose writer no longer exists are removed; they never hold the only copy of anything (the
  /// rename that would have published them did not happen).
  package func removeAbandonedTemporaryFiles() {
    let prefix = name + ".tmp-"
    for entry in Self.entries(of: directory) where entry.hasPrefix(prefix) {
      let writer = entry.dropFirst(prefix.count).prefix { $0 != "-" }
      guard let pid = pid_t(writer), pid > 0, pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH {
        unlink(directory + "/" + entry)
      }
    }
  }

  /// A new, empty temporary file next to the file: created exclusively (`O_EXCL`), so a file
  /// or link already at the name is never opened, let alone written through.
  private func createTemporaryFile() throws(DurableFileError) -> (String, Int32) {
    for _ in 0..<100 {
      let serial = Self.temporarySerial.add(1, ordering: .relaxed).newValue
      let temporary = path + ".tmp-\(getpid())-\(serial)"
      if let descriptor = FileDescriptor.openFile(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
      {
        return (temporary, descriptor)
      }
      if errno != EEXIST { throw writeError("creating \(temporary)", errno) }
    }
    throw writeError("creating a temporary file in \(directory)", EEXIST)
  }

  private static let temporarySerial = Atomic<Int>(0)

  package static let symbolicLinkReason =
    "it is a symbolic link; files are never read or written through a link (replace it with "
    + "the file itself, or point the data directory at the directory that holds the file)"

  func tooLarge(_ size: Int) -> DurableFileError {
    .unreadable(
      path: path,
      reason: "it is \(Self.megabytes(size)), more than the \(Self.megabytes(sizeLimit)) "
        + "this build reads")
  }

  private static func megabytes(_ bytes: Int) -> String {
    "\((bytes + (1 << 20) - 1) >> 20) MB"
  }

  private static func unusedName(_ base: String) -> String {
    var candidate = base
    var suffix = 2
    while FileDescriptor.entryKind(candidate) != .missing, suffix < 10_000 {
      candidate = "\(base)-\(suffix)"
      suffix += 1
    }
    return candidate
  }

  func writeError(_ step: String, _ code: Int32) -> DurableFileError {
    .writeFailed(path: path, reason: "\(step): \(FileDescriptor.message(code))")
  }
}

/// One version of a file on disk: which file it is (device and inode) and its size and time of
/// last change when it was read or written. Whoever writes the file after that changes it (a
/// replace makes a new inode; a write in place changes the time), so a writer that kept the
/// fingerprint of what it read can tell that someone else wrote the file since.
///
/// `Sendable` plain value.
package struct Fingerprint: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modifiedSeconds: Int
  let modifiedNanoseconds: Int

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(status.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    #endif
  }
}
