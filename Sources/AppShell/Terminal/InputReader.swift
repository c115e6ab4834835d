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
/// the key (only `[` or `O` after it continue a sequence split across reads); and in bytes
/// that waited while the loop was busy for longer than ``escapeTimeout`` (their timing lost,
/// as two keystrokes come in one read), an ESC before a key is Escape too. Alt with a key
/// typed during such a stretch reads as Escape and the key: the one a person at a frozen
/// screen means more often.
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
  /// When the last read was, and when the loop last began to wait for input: between them,
  /// the loop was busy with what that read brought.
  private var lastRead: ContinuousClock.Instant?
  private var waitBegan: ContinuousClock.Instant?

  /// - Parameter descriptor: Where keys come from: standard input.
  init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// How long the loop may wait for more input before ``escapeTimedOut()``, in milliseconds:
  /// ``escapeTimeout`` while a lone ESC waits, else `nil` (for ever).
  var timeout: Int32? {
    decoder.isAwaitingEscapeSequence ? Self.escapeTimeout : nil
  }

  /// The loop begins to wait for input (it calls this before each wait, with ``timeout``).
  mutating func waitBegins(at now: ContinuousClock.Instant = .now) {
    waitBegan = now
  }

  /// Reads what is waiting (the caller knows something is: `poll` said so).
  mutating func read(at now: ContinuousClock.Instant = .now) -> Reading {
    let descriptor = descriptor
    let count = buffer.withUnsafeMutableBytes {
      Self.systemRead(descriptor, $0.baseAddress, $0.count)
    }
    if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
    if count <= 0 { return .ended(decoder.finish()) }
    var busy = false
    if let lastRead, let waitBegan {
      busy = waitBegan - lastRead > .milliseconds(Int(Self.escapeTimeout))
    }
    lastRead = now
    let keys = buffer.withUnsafeBufferPointer {
      decode(UnsafeBufferPointer(rebasing: $0[0..<count]), afterBusyLoop: busy)
    }
    return keys.isEmpty ? .nothing : .keys(keys)
  }

  /// The keys `bytes` complete, ESCs read as Escape where they cannot be Alt (see the type's
  /// comment).
  private mutating func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, afterBusyLoop busy: Bool
  ) -> [KeyPress] {
    var keys: [KeyPress] = []
    if decoder.isAwaitingEscapeSequence, let first = bytes.first, !Self.continuesSequence(first) {
      keys = decoder.finish()
    }
    guard busy else {
      let decoded = decoder.decode(bytes)
      if keys.isEmpty { return decoded }
      return keys + decoded
    }
    // Bytes that waited: each ESC followed by a key is cut off from it and, if it is then a
    // lone ESC (not inside a paste), ended as Escape.
    var start = 0
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0x1B, !Self.continuesSequence(bytes[index + 1]) {
        keys += decoder.decode(UnsafeBufferPointer(rebasing: bytes[start...index]))
        if decoder.isAwaitingEscapeSequence { keys += decoder.finish() }
        start = index + 1
      }
      index += 1
    }
    keys += decoder.decode(UnsafeBufferPointer(rebasing: bytes[start...]))
    return keys
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
