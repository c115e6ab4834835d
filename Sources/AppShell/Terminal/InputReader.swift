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
      decoder.decode(UnsafeBufferPointer(rebasing: $0[0..<count]))
    }
    return keys.isEmpty ? .nothing : .keys(keys)
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
