import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The notes file on disk: read with corruption handling, written atomically.
///
/// A write goes to a new temporary file in the same directory (created exclusively, never
/// through a symbolic link), is flushed with `fsync`, then renamed over the old file, and the
/// directory is synced: a crash leaves either the old complete file or the new complete file,
/// never a torn one. A file that cannot be decoded is moved aside (kept, never overwritten) and
/// reported. Only a regular file is read, up to ``sizeLimit``: a FIFO, a device or a symbolic
/// link in its place is reported, never followed, read or replaced
/// (docs/decisions/0009-one-writer-and-nothing-lost.md).
package struct NotesFile: Sendable {
  package let directory: String
  /// The largest notes file this build reads: far above any real notes (10,000 notes, or one
  /// note of 10 MB, are a few tens of MB), far below what would exhaust memory.
  package let sizeLimit: Int
  package var path: String { directory + "/notes.json" }

  package init(directory: String, sizeLimit: Int = 256 << 20) {
    self.directory = directory
    self.sizeLimit = sizeLimit
  }

  /// Reads the notes. A missing file is an empty document; a corrupt one is moved aside and
  /// reported with `NotesStorageError.corrupt`, after which saving is safe. Anything that is
  /// not a regular file within ``sizeLimit`` is `NotesStorageError.unreadable`, and left alone.
  ///
  /// - Parameter readOnly: Change nothing in the directory (another process is its writer): a
  ///   corrupt file is reported as unreadable instead of moved aside, and leftover temporary
  ///   files stay.
  package func load(readOnly: Bool = false) throws(NotesStorageError) -> NotesDocument {
    if !readOnly { removeAbandonedTemporaryFiles() }
    guard let bytes = try readNotes() else { return NotesDocument(notes: []) }
    do {
      return try NotesDocument.decode(bytes)
    } catch {
      if readOnly { throw .unreadable(path: path, reason: error.description) }
      let aside = Self.unusedName(path + ".corrupt-\(Int(time(nil)))-\(getpid())")
      guard rename(path, aside) == 0 else {
        throw .unreadable(
          path: path, reason: "\(error); moving it aside failed: \(FileDescriptor.message())")
      }
      throw .corrupt(path: path, keptAt: aside, reason: error.description)
    }
  }

  /// The file's bytes, or `nil` when there is no file.
  private func readNotes() throws(NotesStorageError) -> [UInt8]? {
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
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .unreadable(path: path, reason: FileDescriptor.message())
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .unreadable(
        path: path, reason: "it is \(FileDescriptor.kindName(status.st_mode)), not a file")
    }
    guard Int(status.st_size) <= sizeLimit,
      let bytes = FileDescriptor.readAll(descriptor, limit: sizeLimit)
    else {
      if Int(status.st_size) > sizeLimit { throw tooLarge(Int(status.st_size)) }
      throw .unreadable(path: path, reason: FileDescriptor.message())
    }
    // The file may have grown since `fstat`.
    guard bytes.count <= sizeLimit else { throw tooLarge(bytes.count) }
    return bytes
  }

  /// Writes the notes atomically (new temporary file, fsync, rename, directory fsync).
  package func save(_ document: NotesDocument) throws(NotesStorageError) {
    let bytes: [UInt8]
    do {
      bytes = try document.encoded()
    } catch {
      throw .writeFailed(path: path, reason: "\(error)")
    }
    switch FileDescriptor.entryKind(path) {
    case .symbolicLink:
      throw .writeFailed(path: path, reason: Self.symbolicLinkReason)
    case .other(let kind):
      throw .writeFailed(path: path, reason: "it is \(kind), not a file")
    case .missing, .regularFile, .unknown:
      break
    }
    let (temporary, descriptor) = try createTemporaryFile()
    if let code = FileDescriptor.writeAll(bytes, to: descriptor) {
      close(descriptor)
      unlink(temporary)
      throw writeError("writing \(temporary)", code)
    }
    guard fsync(descriptor) == 0 else {
      let code = errno
      close(descriptor)
      unlink(temporary)
      throw writeError("syncing \(temporary)", code)
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw writeError("replacing \(path)", code)
    }
    FileDescriptor.syncDirectory(directory)
  }

  /// A new, empty temporary file next to the notes file: created exclusively (`O_EXCL`), so a
  /// file or link already at the name is never opened, let alone written through.
  private func createTemporaryFile() throws(NotesStorageError) -> (String, Int32) {
    for _ in 0..<100 {
      let serial = Self.temporarySerial.add(1, ordering: .relaxed).newValue
      let name = path + ".tmp-\(getpid())-\(serial)"
      if let descriptor = FileDescriptor.openFile(
        name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
      {
        return (name, descriptor)
      }
      if errno != EEXIST { throw writeError("creating \(name)", errno) }
    }
    throw writeError("creating a temporary file in \(directory)", EEXIST)
  }

  private static let temporarySerial = Atomic<Int>(0)

  static let symbolicLinkReason =
    "it is a symbolic link; notes are never read or written through a link (replace it with the "
    + "file itself, or point the data directory at the directory that holds the file)"

  private func tooLarge(_ size: Int) -> NotesStorageError {
    .unreadable(
      path: path,
      reason: "it is \(Self.megabytes(size)), more than the \(Self.megabytes(sizeLimit)) "
        + "this build reads")
  }

  private static func megabytes(_ bytes: Int) -> String {
    "\((bytes + (1 << 20) - 1) >> 20) MB"
  }

  /// Removes `notes.json.tmp-<pid>…` files left by a process that was killed mid-save. Only
  /// files whose writer no longer exists are removed; they never hold the only copy of
  /// anything (the rename that would have published them did not happen).
  private func removeAbandonedTemporaryFiles() {
    let prefix = "notes.json.tmp-"
    for name in Self.entries(of: directory) where name.hasPrefix(prefix) {
      let writer = name.dropFirst(prefix.count).prefix { $0 != "-" }
      guard let pid = pid_t(writer), pid > 0, pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH {
        unlink(directory + "/" + name)
      }
    }
  }

  /// The names in `directory`, without `.` and `..`; empty if it cannot be listed.
  static func entries(of directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    // The name is read in place: a `dirent` is variable-length, and copying the whole
    // `d_name` array out of the last one in readdir's buffer reads past the buffer's end
    // (AddressSanitizer reported it).
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(stream) {
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: nameOffset)
          .assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// `base`, or `base-2`, `base-3`… whichever does not exist yet: a second corrupt file in the
  /// same second must not replace the first one kept aside.
  private static func unusedName(_ base: String) -> String {
    var candidate = base
    var suffix = 2
    while FileDescriptor.entryKind(candidate) != .missing, suffix < 10_000 {
      candidate = "\(base)-\(suffix)"
      suffix += 1
    }
    return candidate
  }

  private func writeError(_ step: String, _ code: Int32) -> NotesStorageError {
    .writeFailed(path: path, reason: "\(step): \(FileDescriptor.message(code))")
  }
}
