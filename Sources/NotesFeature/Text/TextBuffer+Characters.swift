/// Characters (grapheme clusters) around an offset, found by reading a little text around it,
/// never the text from its start.
extension TextBuffer {
  /// The start of the character that ends at `offset` (a character boundary); 0 at the start.
  package func characterBoundary(before offset: Int) -> Int {
    let offset = min(max(0, offset), utf8Count)
    guard offset > 0 else { return 0 }
    let start = knownBoundary(before: offset, lookingBack: 64, nearest: true)
    var scanner = CharacterScanner(self, from: start)
    var previous = start
    while scanner.offset < offset {
      previous = scanner.offset
      guard scanner.next() != nil else { break }
    }
    return previous
  }

  /// The end of the character that starts at `offset` (a character boundary).
  package func characterBoundary(after offset: Int) -> Int {
    var scanner = CharacterScanner(self, from: offset)
    _ = scanner.next()
    return scanner.offset
  }

  /// `offset` if it is a character boundary, else the end of the character it is inside.
  package func characterBoundary(atOrAfter offset: Int) -> Int {
    guard offset > 0, offset < utf8Count else { return min(max(0, offset), utf8Count) }
    let start = knownBoundary(before: offset, lookingBack: 64, nearest: true)
    var scanner = CharacterScanner(self, from: start)
    while scanner.offset < offset, scanner.next() != nil {}
    return scanner.offset
  }

  /// The characters before `offset` (a character boundary), nearest first, with their start
  /// offsets, until `body` returns false or the text's start.
  package func forEachCharacter(
    backwardFrom offset: Int, _ body: (Character, _ start: Int) -> Bool
  ) {
    var end = min(max(0, offset), utf8Count)
    while end > 0 {
      let start = knownBoundary(before: end, lookingBack: 256, nearest: false)
      let window = string(in: start..<end)
      var characters: [(Character, Int)] = []
      var position = start
      for character in window {
        characters.append((character, position))
        position += character.utf8.count
      }
      for (character, characterStart) in characters.reversed() {
        guard body(character, characterStart) else { return }
      }
      end = start
    }
  }

  /// An offset before `offset` that is certainly a character boundary, within `lookingBack`
  /// bytes when the text allows: the text's start, just after a line break, before a control
  /// character, or between two ASCII characters that are not CR LF (no Unicode rule joins
  /// those). `nearest` picks the one closest to `offset`, otherwise the farthest. Text with
  /// none within reach (a long run of combining marks) falls back to a scalar boundary.
  func knownBoundary(before offset: Int, lookingBack: Int, nearest: Bool) -> Int {
    let lower = max(0, offset - lookingBack)
    if lower == 0 && !nearest { return 0 }
    let bytes = self.bytes(in: max(0, lower - 1)..<offset)
    let shift = lower == 0 ? 0 : 1
    func isBoundary(_ position: Int) -> Bool {
      guard position > 0 else { return true }
      let index = position - lower + shift
      let previous = bytes[index - 1]
      let next = bytes[index]
      if previous == 0x0A { return true }
      if next < 0x20 { return !(previous == 0x0D && next == 0x0A) }
      return previous < 0x80 && next < 0x80 && !(previous == 0x0D && next == 0x0A)
    }
    let candidates = Array(lower..<offset)
    if let found = nearest
      ? candidates.last(where: isBoundary) : candidates.first(where: isBoundary)
    {
      return found
    }
    return scalarBoundary(atOrBefore: lower)
  }
}
