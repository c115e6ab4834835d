import Testing

@testable import NotesFeature

/// Character boundaries found locally agree with Swift's own characters, whatever the text.
@Suite struct TextBufferCharactersTests {
  static let samples = [
    "plain ascii text",
    "héllo 日本 🎉",
    "e\u{301}\u{302} combining, a\u{308}",
    "👩‍👩‍👧 family, 🇫🇷🇩🇪🇯🇵 flags, 👍🏽 tone",
    "crlf\r\nand\rcr",
    "\u{1B}[2J controls \u{0} \u{7F}",
    "각 한글 ᄀᄀᄀ각",
  ]

  /// Character starts of `text`, as UTF-8 offsets, by Swift's `String`.
  func boundaries(_ text: String) -> [Int] {
    var offsets = [0]
    for character in text { offsets.append(offsets.last! + character.utf8.count) }
    return offsets
  }

  @Test(arguments: samples)
  func boundariesAfterAndBeforeMatchSwiftsCharacters(text: String) {
    let buffer = TextBuffer(text)
    let expected = boundaries(text)
    for (index, offset) in expected.dropLast().enumerated() {
      #expect(buffer.characterBoundary(after: offset) == expected[index + 1], "after \(offset)")
    }
    for (index, offset) in expected.enumerated().dropFirst() {
      #expect(buffer.characterBoundary(before: offset) == expected[index - 1], "before \(offset)")
    }
    #expect(buffer.characterBoundary(before: 0) == 0)
  }

  @Test func theScannerReadsEveryCharacterAcrossWindowsAndChunks() {
    // Combining marks and flags land on every window and chunk edge somewhere in here.
    let text = String(repeating: "ab e\u{301} 🇫🇷 日本 👩‍👩‍👧\n", count: 3_000)
    var scanner = CharacterScanner(TextBuffer(text), from: 0)
    var read: [Character] = []
    while let (character, _) = scanner.next() { read.append(character) }
    #expect(read == Array(text))
  }

  @Test func aCharacterLongerThanAWindowIsReadWhole() {
    let zalgo = "z" + String(repeating: "\u{301}", count: 2_000) + "x"
    var scanner = CharacterScanner(TextBuffer(zalgo), from: 0)
    #expect(scanner.next()?.length == 1 + 2 * 2_000)
    #expect(scanner.next()?.character == "x")
    #expect(scanner.next() == nil)
  }

  @Test func walkingBackwardGivesTheCharactersNearestFirst() {
    let text = String(repeating: "a🎉e\u{301}\n", count: 200)
    let buffer = TextBuffer(text)
    var read: [Character] = []
    buffer.forEachCharacter(backwardFrom: buffer.utf8Count) { character, _ in
      read.append(character)
      return true
    }
    #expect(read == Array(text).reversed())
  }
}
