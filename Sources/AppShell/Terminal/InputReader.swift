import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the keys waiting on standard input, when the shell's loop says it is readable: one
/// read, decoded into key presses. A fast paste or burst of typing arrives as one read, so the
/// shell renders once for it.
///
/// Escape or Alt: a terminal sends Alt-J as ESC and `j` in one write, and a person's Esc then
/// `j` as two. So an ESC that ended one read and a key that starts the next are Escape, then
/// the key (only `[` or `O` after it continue a sequence split across reads). Within one read
/// an ESC and a key are Alt with it, as in nano (ncurses reads an ESC with the bytes already
/// there as one key). An Esc and a key both typed while the loop was busy arrive in one read,
/// and are Alt too: the app keeps every key's work short so that this stays rare (a paste into
/// a search is one event, docs/performance.md), and no rule on how long the loop was busy
/// decides, since on a loaded machine that rule turned Alt keys into Escape.
///
/// `Sendable` plain value, used on the shell's thread.
struct InputReader {
  /// What one read brought.
  enum Reading: Equatable {
    case keys([KeyPress])
    /// Nothing complete yet (a sequence split across reads, or an interrupted read).
    case nothing
    /// Standard input ended; the keys that were still incomplete come with it.
    case ended([KeyPress])
  }

  /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
  static let escapeTimeout: Int32 = 50

  private var decoder = KeyDecoder()
  private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
  private let descriptor: Int32

  /// - Parameter descriptor: Where keys come from: standard input.
  init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// How long the loop may wait for more input before ``escapeTimedOut()``, in milliseconds:
  /// ``escapeTimeout`` while a lone ESC waits, else `nil` (for ever).
  var timeout: Int32? {
    decoder.isAwaitingEscapeSequence ? Self.escapeTimeout : nil
  }

  /// Reads what is waiting (the caller knows something is: `poll` said so).
  mutating func read() -> Reading {
    let descriptor = descriptor
    let count = buffer.withUnsafeMutableBytes {
      Self.systemRead(descriptor, $0.baseAddress, $0.count)
    }
    if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
    if count <= 0 { return .ended(decoder.finish()) }
    let keys = buffer.withUnsafeBufferPointer {
      decode(UnsafeBufferPointer(rebasing: $0[0..<count]))
    }
    return keys.isEmpty ? .nothing : .keys(keys)
  }

  /// The keys `bytes` complete: a lone ESC that ended the last read is Escape unless `bytes`
  /// continue its sequence (see the type's comment).
  private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [KeyPress] {
    guard decoder.isAwaitingEscapeSequence, let first = bytes.first,
      !Self.continuesSequence(first)
    else { return decoder.decode(bytes) }
    return decoder.finish() + decoder.decode(bytes)
  }

  /// Whether `byte` after an ESC continues an escape sequence (CSI, SS3) or another ESC.
  private static func continuesSequence(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") || byte == 0x1B
  }

  /// No more bytes came after a lone ESC: it was the Escape key.
  mutating func escapeTimedOut() -> [KeyPress] {
    decoder.finish()
  }

  /// Whether a read would return at once: more keys are waiting.
  func hasInput() -> Bool {
    var descriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  private static func systemRead(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
  )
    -> Int
  {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #elseif canImport(Darwin)
      Darwin.read(descriptor, buffer, count)
    #endif
  }
}
