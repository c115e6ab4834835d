/// Finding a lowercased ASCII query in UTF-8 bytes, ignoring the case of ASCII letters, without
/// lowercasing a copy: what the list's filter runs over every note on the first key of a
/// search. The first byte is looked for sixteen bytes at a time.
enum FoldedSearch {
  /// Whether `haystack` contains `needle` (lowercased ASCII), folding ASCII capitals.
  static func contains(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    firstIndex(of: needle, in: haystack) != nil
  }

  /// Where `needle` (its ASCII letters lowercased; other bytes exact) first starts in
  /// `haystack`, folding ASCII capitals.
  static func firstIndex(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    guard let first = needle.first else { return 0 }
    guard haystack.count >= needle.count else { return nil }
    let last = haystack.count - needle.count
    func matches(at start: Int) -> Bool {
      var index = 1
      while index < needle.count, fold(haystack[start + index]) == needle[index] { index += 1 }
      return index == needle.count
    }
    // For a letter, `byte | 0x20` is the letter exactly for its two cases.
    let mask: UInt8 = first &- 0x61 < 26 ? 0x20 : 0
    let firsts = SIMD16<UInt8>(repeating: first)
    let masks = SIMD16<UInt8>(repeating: mask)
    let raw = UnsafeRawBufferPointer(haystack)
    var start = 0
    while start + 15 <= last {
      let bytes = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
      let hits = (bytes | masks) .== firsts
      if any(hits) {
        for lane in 0..<16 where hits[lane] && matches(at: start + lane) { return start + lane }
      }
      start += 16
    }
    while start <= last {
      if haystack[start] | mask == first, matches(at: start) { return start }
      start += 1
    }
    return nil
  }

  /// `text`'s UTF-8 contains `needle` (lowercased ASCII), ignoring ASCII case.
  static func contains(_ needle: UnsafeBufferPointer<UInt8>, in text: String) -> Bool {
    var text = text
    return text.withUTF8 { contains(needle, in: $0) }
  }

  static func fold(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
