// `package`: `mode_t` is in the signatures.
#if canImport(Glibc)
  package import Glibc
#elseif canImport(Musl)
  package import Musl
#elseif canImport(Darwin)
  package import Darwin
#endif

/// The few POSIX file operations the kept files need, each retrying on `EINTR` and failing with
/// the system's own message (`strerror`), so an error names exactly what went wrong.
package enum FileDescriptor {
  /// Why a call failed, in the system's words: "No space left on device".
  package static func message(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  /// Opens `path`, retrying on `EINTR`; `nil` with `errno` set on failure.
  package static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0o600) -> Int32? {
    while true {
      let descriptor = open(path, flags | O_CLOEXEC, mode)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { return nil }
    }
  }

  /// Writes every byte, or returns the `errno` of the write that failed.
  package static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Int32? {
    var failure: Int32?
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      failure = writeAll(UnsafeRawBufferPointer(buffer), to: descriptor)
    }
    if done == nil { return writeAll(Array(bytes), to: descriptor) }
    return failure
  }

  private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      // A regular file that takes zero bytes is full.
      if written == 0 { return ENOSPC }
      offset += written
    }
    return nil
  }

  /// Reads at most `limit` bytes: the whole file when it is smaller, `nil` (with `errno`) when
  /// a read fails, and `limit + 1` bytes when there are more, so the caller can tell.
  package static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Flushes a directory's entries to disk (after a rename in it); best effort.
  package static func syncDirectory(_ path: String) {
    guard let descriptor = openFile(path, O_RDONLY | O_DIRECTORY) else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// `lstat` of `path`: what the directory entry is, without following a symbolic link.
  package static func entryKind(_ path: String) -> EntryKind {
    var status = stat()
    guard lstat(path, &status) == 0 else { return errno == ENOENT ? .missing : .unknown }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regularFile(size: Int(status.st_size))
    case S_IFLNK: return .symbolicLink
    default: return .other(kindName(status.st_mode))
    }
  }

  /// A directory entry, as `lstat` sees it.
  package enum EntryKind: Equatable {
    case missing
    case regularFile(size: Int)
    case symbolicLink
    case other(String)
    case unknown
  }

  /// What a file of this mode is, in words, for messages.
  package static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "not a regular file"
    }
  }
}
