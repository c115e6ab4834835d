import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The notes file on disk: read with corruption handling, written atomically.
///
/// A write goes to a temporary file in the same directory, is flushed with `fsync`, then
/// renamed over the old file, and the directory is synced: a crash leaves either the old
/// complete file or the new complete file, never a torn one. A file that cannot be decoded is
/// moved aside (kept, never overwritten) and reported.
package struct NotesFile: Sendable {
  package let directory: String
  package var path: String { directory + "/notes.json" }

  package init(directory: String) {
    self.directory = directory
  }

  /// Reads the notes. A missing file is an empty document; a corrupt one is moved aside and
  /// reported with `NotesStorageError.corrupt`, after which saving is safe.
  package func load() throws(NotesStorageError) -> NotesDocument {
    removeAbandonedTemporaryFiles()
    let bytes: [UInt8]
    switch readFile(path) {
    case .missing:
      return NotesDocument(notes: [])
    case .failed(let code):
      throw .unreadable(path: path, reason: String(cString: strerror(code)))
    case .read(let data):
      bytes = data
    }
    do {
      return try NotesDocument.decode(bytes)
    } catch {
      let aside = Self.unusedName(path + ".corrupt-\(Int(time(nil)))-\(getpid())")
      guard rename(path, aside) == 0 else {
        throw .unreadable(
          path: path,
          reason: "\(error); moving it aside failed: \(String(cString: strerror(errno)))")
      }
      throw .corrupt(path: path, keptAt: aside, reason: error.description)
    }
  }

  /// Writes the notes atomically (temp file, fsync, rename, directory fsync).
  package func save(_ document: NotesDocument) throws(NotesStorageError) {
    let bytes: [UInt8]
    do {
      bytes = try document.encoded()
    } catch {
      throw .writeFailed(path: path, reason: "\(error)")
    }
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw writeError("creating \(temporary)") }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        let error = writeError("writing \(temporary)")
        close(descriptor)
        unlink(temporary)
        throw error
      }
      offset += written
    }
    guard fsync(descriptor) == 0 else {
      let error = writeError("syncing \(temporary)")
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let error = writeError("replacing \(path)")
      unlink(temporary)
      throw error
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// Removes `notes.json.tmp-<pid>` files left by a process that was killed mid-save. Only
  /// files whose writer no longer exists are removed; they never hold the only copy of
  /// anything (the rename that would have published them did not happen).
  private func removeAbandonedTemporaryFiles() {
    let prefix = "notes.json.tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else {
        continue
      }
      if kill(pid, 0) != 0, errno == ESRCH {
        unlink(directory + "/" + name)
      }
    }
  }

  /// `base`, or `base-2`, `base-3`… whichever does not exist yet: a second corrupt file in the
  /// same second must not replace the first one kept aside.
  private static func unusedName(_ base: String) -> String {
    var candidate = base
    var suffix = 2
    while access(candidate, F_OK) == 0 {
      candidate = "\(base)-\(suffix)"
      suffix += 1
    }
    return candidate
  }

  private func writeError(_ step: String) -> NotesStorageError {
    .writeFailed(path: path, reason: "\(step): \(String(cString: strerror(errno)))")
  }

  private enum ReadResult {
    case read([UInt8])
    case missing
    case failed(Int32)
  }

  private func readFile(_ path: String) -> ReadResult {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return errno == ENOENT ? .missing : .failed(errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failed(errno)
      }
      if count == 0 { return .read(bytes) }
      bytes.append(contentsOf: buffer[0..<count])
    }
  }
}
