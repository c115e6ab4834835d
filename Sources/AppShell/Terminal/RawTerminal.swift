import Foundation
import StoreKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal in full-screen mode: raw input, the alternate screen, bracketed
/// paste, and everything restored by `restore()` (idempotent, safe from any exit path).
final class RawTerminal: @unchecked Sendable {
  // SAFETY: `original` is written once in `init` and only read afterwards; whether the
  // terminal was restored is behind a lock, so `restore()` may be called from a
  // signal-handling queue and the main flow at the same time.
  private let original: termios
  private let restored = LockedValue(false)

  /// Enters raw mode on standard input and the alternate screen on standard output.
  init() throws {
    var attributes = termios()
    guard tcgetattr(STDIN_FILENO, &attributes) == 0 else {
      throw ShellError("standard input is not a terminal (tcgetattr failed)")
    }
    original = attributes
    var raw = attributes
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw ShellError("cannot put the terminal in raw mode")
    }
    // Alternate screen, hide cursor, bracketed paste on, clear.
    Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[2J")
  }

  /// Leaves the alternate screen and restores the terminal's original settings.
  func restore() {
    // The whole restore runs under the lock: a second caller returns only once it is done.
    restored.withLock { restored in
      guard !restored else { return }
      restored = true
      Self.write("\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
      var attributes = original
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &attributes)
    }
  }

  /// The terminal's size in columns and rows (80×24 if it cannot be read).
  static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      return (Int(size.ws_col), Int(size.ws_row))
    }
    return (80, 24)
  }

  /// Writes all of `text` to standard output.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(
          STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}

/// A failure the shell reports as one line before exiting non-zero.
struct ShellError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
