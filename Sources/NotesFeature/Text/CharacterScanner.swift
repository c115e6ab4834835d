/// Reads a buffer's characters (grapheme clusters) forward from a character boundary, a window
/// of about a kilobyte at a time: what the layout and the word moves walk.
///
/// A window ends on a scalar boundary, and a character that reaches the window's end is read
/// again from a longer window, so a character is never cut by a window: "e" followed by a
/// combining accent in the next window is one character, "é". A scanner given a limit reads
/// the text as if it ended there: a line's last character is never joined with its line break
/// (CR LF is one character in Unicode; at the end of a line it is read as CR).
struct CharacterScanner {
  private let text: TextBuffer
  private let limit: Int
  /// The offset of the next character.
  private(set) var offset: Int
  private var window = ""
  private var index: String.Index
  private var windowReachesEnd = false

  static let windowSize = 1024

  /// A scanner at `offset`, which must be a character boundary, reading up to `limit` (a
  /// scalar boundary; the text's end by default).
  init(_ text: TextBuffer, from offset: Int, to limit: Int? = nil) {
    self.text = text
    self.limit = min(max(0, limit ?? text.utf8Count), text.utf8Count)
    self.offset = min(max(0, offset), self.limit)
    self.index = window.endIndex
  }

  /// The next character and its length in UTF-8 bytes, or `nil` at the end of the text.
  mutating func next() -> (character: Character, length: Int)? {
    var size = Self.windowSize
    while true {
      if index == window.endIndex {
        guard offset < limit else { return nil }
        refill(size: size)
      }
      let after = window.index(after: index)
      if after == window.endIndex, !windowReachesEnd {
        // The character may go on past the window: read it again from a longer one.
        size *= 2
        refill(size: size)
        continue
      }
      let character = window[index]
      let length = window.utf8.distance(from: index, to: after)
      index = after
      offset += length
      return (character, length)
    }
  }

  private mutating func refill(size: Int) {
    var end = min(limit, offset + size)
    if end < limit { end = max(offset + 1, text.scalarBoundary(atOrBefore: end)) }
    window = text.string(in: offset..<end)
    index = window.startIndex
    windowReachesEnd = end == limit
  }
}
