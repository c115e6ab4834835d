/// Reads a buffer's characters (grapheme clusters) forward from a character boundary, a window
/// of about a kilobyte at a time: what the layout and the word moves walk.
///
/// A window ends on a scalar boundary, and a character that reaches the window's end is read
/// again from a longer window, so a character is never cut by a window: "e" followed by a
/// combining accent in the next window is one character, "é".
struct CharacterScanner {
  private let text: TextBuffer
  /// The offset of the next character.
  private(set) var offset: Int
  private var window = ""
  private var index: String.Index
  private var windowReachesEnd = false

  static let windowSize = 1024

  /// A scanner at `offset`, which must be a character boundary.
  init(_ text: TextBuffer, from offset: Int) {
    self.text = text
    self.offset = min(max(0, offset), text.utf8Count)
    self.index = window.endIndex
  }

  /// The next character and its length in UTF-8 bytes, or `nil` at the end of the text.
  mutating func next() -> (character: Character, length: Int)? {
    var size = Self.windowSize
    while true {
      if index == window.endIndex {
        guard offset < text.utf8Count else { return nil }
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
    var end = min(text.utf8Count, offset + size)
    if end < text.utf8Count { end = max(offset + 1, text.scalarBoundary(atOrBefore: end)) }
    window = text.string(in: offset..<end)
    index = window.startIndex
    windowReachesEnd = end == text.utf8Count
  }
}
