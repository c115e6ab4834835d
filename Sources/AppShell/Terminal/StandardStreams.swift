#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard input, output and error, used so that no state they are in can crash
/// the app: closed, unreadable, full, or a pipe whose reader has gone.
///
/// Foundation's `FileHandle` traps on a failed read or write; a terminal program whose output
/// is closed must still save the user's notes and exit with its status. Writes here go through
/// `write(2)`, retry on interruption, and give up quietly on an error.
enum StandardStreams {
  /// Makes sure descriptors 0, 1 and 2 are open, on `/dev/null` where they were closed
  /// (`AppShell <&-`). Call it first, before anything opens a descriptor: a closed 0 would
  /// otherwise be reused by the next `open` (the concurrency runtime's event descriptor, say),
  /// and reading "standard input" would read that.
  static func ensureOpen() {
    for descriptor: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
      let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
  }

  /// Writes `text` to standard output; gives up quietly if it cannot.
  static func writeOutput(_ text: String) {
    write(text, to: STDOUT_FILENO)
  }

  /// Writes `text` to standard error; gives up quietly if it cannot.
  static func writeError(_ text: String) {
    write(text, to: STDERR_FILENO)
  }

  /// Writes all of `text` to `descriptor`, retrying after interruptions; returns whether it
  /// was all written.
  @discardableResult
  static func write(_ text: String, to descriptor: Int32) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return true }
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, base + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }

  /// Everything on standard input up to its end.
  ///
  /// - Throws: ``ShellError`` naming the problem when standard input cannot be read (a
  ///   directory, say).
  static func readAllInput() throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0 {
        throw ShellError(
          "cannot read the script from standard input: \(String(cString: strerror(errno)))")
      }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  private static func systemWrite(
    _ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int
  ) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #elseif canImport(Darwin)
      Darwin.write(descriptor, bytes, count)
    #endif
  }
}
