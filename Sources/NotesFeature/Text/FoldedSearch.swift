/// Finding a lowercased ASCII query in UTF-8 bytes, ignoring the case of ASCII letters, without
/// lowercasing a copy: what the list's filter runs over every note on the first key of a
/// search. The query's rarest byte (by how often it comes in prose: a digit or a sign before a
/// letter, `z` before `e`, a space last) is looked for sixteen bytes at a time, and the query
/// checked around each one found: for "word 7" in notes full of "word", the `7`s are few and
/// the `w`s are many (the first byte was the one looked for: 6 ms a key at 10,000 notes).
enum FoldedSearch {
  /// Whether `haystack` contains `needle` (lowercased ASCII), folding ASCII capitals.
  /// `anchor` is `rarestIndex(in: needle)`, for a caller that searches many haystacks.
  static func contains(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
    anchor: Int? = nil
  ) -> Bool {
    firstIndex(of: needle, in: haystack, anchor: anchor) != nil
  }

  /// Where `needle` (its ASCII letters lowercased; other bytes exact) first starts in
  /// `haystack`, folding ASCII capitals. `anchor` is `rarestIndex(in: needle)`, for a caller
  /// that searches many haystacks.
  static func firstIndex(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
    anchor: Int? = nil
  ) -> Int? {
    guard !needle.isEmpty else { return 0 }
    guard haystack.count >= needle.count else { return nil }
    let last = haystack.count - needle.count
    let anchor = anchor ?? rarestIndex(in: needle)
    let key = needle[anchor]
    func matches(at start: Int) -> Bool {
      var index = 0
      while index < needle.count, fold(haystack[start + index]) == needle[index] { index += 1 }
      return index == needle.count
    }
    // For a letter, `byte | 0x20` is the letter exactly for its two cases.
    let mask: UInt8 = key &- 0x61 < 26 ? 0x20 : 0
    let keys = SIMD16<UInt8>(repeating: key)
    let masks = SIMD16<UInt8>(repeating: mask)
    let raw = UnsafeRawBufferPointer(haystack)
    // Where the anchor byte may be: the match starting there starts `anchor` bytes before, and
    // the starts are found in order.
    var position = anchor
    let end = last + anchor
    while position + 15 <= end {
      let bytes = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
      let hits = (bytes | masks) .== keys
      if any(hits) {
        for lane in 0..<16 where hits[lane] && matches(at: position + lane - anchor) {
          return position + lane - anchor
        }
      }
      position += 16
    }
    while position <= end {
      if haystack[position] | mask == key, matches(at: position - anchor) {
        return position - anchor
      }
      position += 1
    }
    return nil
  }

  /// The index of `needle`'s byte least common in prose (the first of equals).
  static func rarestIndex(in needle: UnsafeBufferPointer<UInt8>) -> Int {
    var rarest = 0
    var lowest = Int.max
    for index in needle.indices {
      let commonness = commonness(of: needle[index])
      if commonness < lowest {
        rarest = index
        lowest = commonness
      }
    }
    return rarest
  }

  /// How common `byte` (lowercased) is in prose, roughly: spaces and line breaks most, then
  /// letters in the order of their frequency in English, then digits, then everything else.
  static func commonness(of byte: UInt8) -> Int {
    switch byte {
    case 0x20, 0x0A: 40
    case 0x61...0x7A: letterCommonness[Int(byte - 0x61)]
    case 0x30...0x39: 8
    default: 5
    }
  }

  /// `a` to `z`: 38 for `e`, the commonest, down to 13 for `z`
  /// ("etaoinshrdlcumwfgypbvkjxqz").
  private static let letterCommonness: [Int] = {
    var commonness = [Int](repeating: 13, count: 26)
    for (rank, letter) in "etaoinshrdlcumwfgypbvkjxqz".utf8.enumerated() {
      commonness[Int(letter - 0x61)] = 38 - rank
    }
    return commonness
  }()

  /// `text`'s UTF-8 contains `needle` (lowercased ASCII), ignoring ASCII case.
  static func contains(
    _ needle: UnsafeBufferPointer<UInt8>, in text: String, anchor: Int? = nil
  ) -> Bool {
    var text = text
    return text.withUTF8 { contains(needle, in: $0, anchor: anchor) }
  }

  /// Whether `text`, lowercased, contains `needle` (the UTF-8 of a lowercased query), byte
  /// for byte; `anchor` as in ``firstIndex(of:in:anchor:)``. A text too short to hold the
  /// needle once lowercased is not lowercased at all: lowercasing makes a character's UTF-8 at
  /// most half as long again (`İ`, 2 bytes, becomes `i` and a combining dot, 3).
  static func lowercased(
    _ text: String, contains needle: UnsafeBufferPointer<UInt8>, anchor: Int? = nil
  ) -> Bool {
    guard mayHold(needle.count, lowercasing: text.utf8.count) else { return false }
    var lowered = text.lowercased()
    return lowered.withUTF8 { contains(needle, in: $0, anchor: anchor) }
  }

  /// Whether a text of `count` UTF-8 bytes may hold a needle of `needleCount` bytes once
  /// lowercased (see ``lowercased(_:contains:anchor:)``).
  static func mayHold(_ needleCount: Int, lowercasing count: Int) -> Bool {
    needleCount * 2 <= count * 3
  }

  static func fold(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
