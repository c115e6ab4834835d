#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files beside the kept ones: listing a directory, and files made once and never replaced
/// (recovery files), possibly in a directory other users share.
extension DurableFile {
  /// The names in `directory`, without `.` and `..`; empty if it cannot be listed.
  package static func entries(of directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    // The name is read in place: a `dirent` is variable-length, and copying the whole `d_name`
    // array out of the last one in readdir's buffer reads past the buffer's end
    // (AddressSanitizer reported it).
    guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return [] }
    while let entry = readdir(stream) {
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: nameOffset)
          .assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Creates `path` exclusively (never through a link, never over a file) and writes `bytes`
  /// durably; `nil` on success, else the system's reason.
  package static func createExclusively(_ path: String, _ bytes: [UInt8]) -> String? {
    guard
      let descriptor = FileDescriptor.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
    else { return FileDescriptor.message() }
    if let code = FileDescriptor.writeAll(bytes, to: descriptor) {
      close(descriptor)
      unlink(path)
      return FileDescriptor.message(code)
    }
    guard fsync(descriptor) == 0 else {
      let code = errno
      close(descriptor)
      unlink(path)
      return FileDescriptor.message(code)
    }
    close(descriptor)
    return nil
  }

  /// The bytes of a regular file this user owns, up to `limit`, or `nil` (for directories
  /// other users can write, such as the temporary directory).
  package static func readOwnRegularFile(_ path: String, limit: Int = 256 << 20) -> [UInt8]? {
    guard let descriptor = FileDescriptor.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_uid == getuid(), Int(status.st_size) <= limit
    else { return nil }
    return FileDescriptor.readAll(descriptor, limit: limit)
  }
}
