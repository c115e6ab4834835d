import MultiStorePrimitives
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
  // SAFETY: `original` is written once in `init` and only read afterwards; the mode is behind
  // a lock, so `restore()` may be called from a signal-handling queue and the main flow at the
  // same time.
  private let original: termios
  private let raw: termios
  /// Whether the terminal erases with ^H (its Backspace sends ^H, not DEL): then ^H is
  /// Backspace, not Ctrl-Backspace.
  let erasesWithControlH: Bool
  private enum Mode { case fullScreen, suspended, restored }
  private let mode = LockedValue(Mode.fullScreen)

  /// Enters raw mode on standard input and the alternate screen on standard output.
  init() throws {
    var attributes = termios()
    guard tcgetattr(STDIN_FILENO, &attributes) == 0 else {
      throw ShellError("standard input is not a terminal (tcgetattr failed)")
    }
    original = attributes
    erasesWithControlH = withUnsafeBytes(of: attributes.c_cc) { $0[Int(VERASE)] == 0x08 }
    var raw = attributes
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    self.raw = raw
    try Self.enterFullScreen(raw)
  }

  private static func enterFullScreen(_ raw: termios) throws {
    var raw = raw
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw ShellError("cannot put the terminal in raw mode")
    }
    // Alternate screen, hide cursor, bracketed paste on, clear.
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[2J")
  }

  private func leaveFullScreen() {
    // Bracketed paste off, attributes reset, cursor shown, main screen back (the shell's
    // line, where the cursor was before the app started).
    Self.write("\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    var attributes = original
    tcsetattr(STDIN_FILENO, TCSADRAIN, &attributes)
  }

  /// Leaves the alternate screen and restores the terminal's original settings, for good.
  /// Idempotent; a second caller returns once the first has finished.
  func restore() {
    mode.withLock { mode in
      if mode == .fullScreen { leaveFullScreen() }
      mode = .restored
    }
  }

  /// Restores the terminal as `restore()` does, but so that `resume()` can enter full-screen
  /// mode again (job control: Ctrl-Z, then `fg`).
  func suspend() {
    mode.withLock { mode in
      guard mode == .fullScreen else { return }
      leaveFullScreen()
      mode = .suspended
    }
  }

  /// Enters full-screen mode again after `suspend()` (or after the process was stopped and
  /// continued from outside, which may have left the terminal in any mode); returns whether
  /// the screen must be redrawn.
  @discardableResult
  func resume() -> Bool {
    mode.withLock { mode in
      guard mode != .restored else { return false }
      try? Self.enterFullScreen(raw)
      mode = .fullScreen
      return true
    }
  }

  /// Writes a frame, only while the app has the screen: once the terminal is restored (a
  /// signal, the end of the run) or suspended, nothing more is painted into the shell's screen.
  func draw(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    mode.withLock { mode in
      if mode == .fullScreen { bytes.withUnsafeBytes { Self.write($0) } }
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
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes all of `bytes` to standard output, retrying after interruptions; gives up quietly
  /// on an error (a closed terminal).
  static func write(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(STDOUT_FILENO, base + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  private static func systemWrite(
    _ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int
  )
    -> Int
  {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #elseif canImport(Darwin)
      Darwin.write(descriptor, bytes, count)
    #endif
  }
}

/// A failure the shell reports as one line before exiting non-zero.
struct ShellError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
