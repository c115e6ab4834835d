/// Reads a buffer's characters (grapheme clusters) forward from a character boundary, a window
/// of about a kilobyte at a time: what the layout and the word moves walk.
///
/// A window ends on a scalar boundary, and a character that reaches the window's end is read
/// again from a longer window, so a character is never cut by a window: "e" followed by a
/// combining accent in the next window is one character, "é". A scanner given a limit reads
/// the text as if it ended there: a line's last character is never joined with its line break
/// (CR LF is one character in Unicode; at the end of a line it is read as CR).
///
/// ASCII is read a byte at a time (``nextASCII()``): an ASCII byte followed by another one is a
/// whole character, CR LF aside, since no Unicode rule joins two ASCII characters but that one.
/// Only a run with other bytes is split into characters by `String`.
struct CharacterScanner {
  private let text: TextBuffer
  private let limit: Int
  /// The offset of the next character.
  private(set) var offset: Int
  /// The window's bytes, from `windowStart`.
  private var bytes: [UInt8] = []
  private var windowStart = 0
  private var windowReachesEnd = false
  /// The window as a string, made when a character other than ASCII is read, and where in it
  /// the next character starts (when the last read was one of those).
  private var window: String?
  private var index: (offset: Int, position: String.Index)?

  static let windowSize = 1024

  /// A scanner at `offset`, which must be a character boundary, reading up to `limit` (a
  /// scalar boundary; the text's end by default).
  init(_ text: TextBuffer, from offset: Int, to limit: Int? = nil) {
    self.text = text
    self.limit = min(max(0, limit ?? text.utf8Count), text.utf8Count)
    self.offset = min(max(0, offset), self.limit)
    windowStart = self.offset
  }

  /// The next character if it is one ASCII byte, which is then read; `nil` (and nothing read)
  /// at the end, or when the next character is anything else: read it with ``next()``.
  mutating func nextASCII() -> UInt8? {
    var position = offset - windowStart
    if position >= bytes.count {
      guard offset < limit else { return nil }
      refill(size: Self.windowSize)
      position = 0
    }
    let byte = bytes[position]
    guard byte < 0x80 else { return nil }
    if position + 1 < bytes.count {
      let following = bytes[position + 1]
      guard following < 0x80, byte != 0x0D || following != 0x0A else { return nil }
    } else if !windowReachesEnd {
      return nil
    }
    offset += 1
    return byte
  }

  /// Reads up to `limit` characters that are each one printable ASCII byte (one column wide,
  /// shown as they are), stopping before any other; returns how many it read. What wrapping a
  /// row of plain text costs: a comparison or two a byte.
  mutating func skipPrintableASCII(upTo limit: Int) -> Int {
    var read = 0
    var refilled = false
    while read < limit {
      var position = offset - windowStart
      // A byte is a whole character if the next one is ASCII too: the window must hold it.
      if position >= bytes.count || (position == bytes.count - 1 && !windowReachesEnd) {
        guard offset < self.limit, !refilled else { break }
        refill(size: Self.windowSize)
        refilled = true
        position = 0
      }
      let last = bytes.count - 1
      let end = min(last, position + (limit - read))
      var index = position
      while index < end, bytes[index] &- 0x20 < 0x5F, bytes[index + 1] < 0x80 { index += 1 }
      read += index - position
      offset += index - position
      if read == limit || index < end { break }
      // The window's last byte: whole when the text ends after it, else read on in a new window.
      if windowReachesEnd {
        if bytes[last] &- 0x20 < 0x5F {
          read += 1
          offset += 1
        }
        break
      }
      refilled = false
    }
    return read
  }

  /// The next character and its length in UTF-8 bytes, or `nil` at the end of the text.
  mutating func next() -> (character: Character, length: Int)? {
    if let byte = nextASCII() { return (Character(Unicode.Scalar(byte)), 1) }
    var size = Self.windowSize
    while true {
      if offset - windowStart >= bytes.count {
        guard offset < limit else { return nil }
        refill(size: size)
      }
      let string = window ?? String(decoding: bytes, as: UTF8.self)
      window = string
      let start =
        index.flatMap { $0.offset == offset ? $0.position : nil }
        ?? string.utf8.index(string.utf8.startIndex, offsetBy: offset - windowStart)
      let after = string.index(after: start)
      if after == string.endIndex, !windowReachesEnd {
        // The character may go on past the window: read it again from a longer one.
        size *= 2
        refill(size: size)
        continue
      }
      let character = string[start]
      let length = string.utf8.distance(from: start, to: after)
      offset += length
      index = (offset, after)
      return (character, length)
    }
  }

  private mutating func refill(size: Int) {
    var end = min(limit, offset + size)
    if end < limit { end = max(offset + 1, text.scalarBoundary(atOrBefore: end)) }
    bytes = text.bytes(in: offset..<end)
    windowStart = offset
    window = nil
    index = nil
    windowReachesEnd = end == limit
  }
}
