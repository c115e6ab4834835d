import Testing

@testable import TerminalUI

/// `TerminalText` reads printable ASCII a byte at a time; the answers must be the ones the
/// character-by-character path gives.
@Suite struct TerminalTextTests {
  @Test func asciiIsFittedCutAndPadded() {
    #expect(TerminalText.fit("hello", width: 3) == "hel")
    #expect(TerminalText.fit("hello", width: 8, pad: true) == "hello   ")
    #expect(TerminalText.fit("hello", width: 0) == "")
    #expect(TerminalText.width(of: "hello") == 5)
    #expect(TerminalText.inert("hello") == "hello")
  }

  @Test func aCombiningAccentJustPastTheCutStaysWithItsLetter() {
    // "e" + U+0301 is one character one column wide: cut after it, not between its scalars.
    #expect(TerminalText.fit("cafe\u{301}s", width: 4) == "cafe\u{301}")
  }

  @Test func controlsAndWideCharactersTakeTheSlowPath() {
    #expect(TerminalText.fit("a\u{1B}[2J", width: 10) == "a^[[2J")
    #expect(TerminalText.width(of: "a\u{1B}") == 3)
    #expect(TerminalText.fit("ab日本", width: 5, pad: true) == "ab日 ")
    #expect(TerminalText.inert("tab\there") == "tab^Ihere")
  }

  @Test func substringsAreFittedLikeStrings() {
    let line = "xx hello world"
    let tail = line.dropFirst(3)
    #expect(TerminalText.fit(tail, width: 5) == "hello")
    #expect(TerminalText.width(of: tail) == 11)
  }

  @Test func theFastPathAgreesWithTheCharacterPathOnRandomText() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "Z", " ", "~", "\u{301}", "é", "日", "🎉", "\t", "\u{1B}", "\u{7F}", "\r\n"]
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      for width in 0...14 {
        for pad in [false, true] {
          #expect(
            TerminalText.fit(text, width: width, pad: pad)
              == TerminalText.fitCharacters(text, width: width, pad: pad),
            "\(text.debugDescription) at \(width)")
        }
      }
      #expect(TerminalText.inert(text) == TerminalText.inertCharacters(text))
      #expect(
        TerminalText.width(of: text) == text.reduce(0) { $0 + TerminalText.width(of: $1) })
    }
  }

  @Test func decimalsAreTheDigitsSwiftPrints() {
    for value in [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 12_345, 1 << 40] {
      var bytes: [UInt8] = [UInt8(ascii: "<")]
      TerminalText.appendDecimal(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "<\(value)")
    }
  }
}
