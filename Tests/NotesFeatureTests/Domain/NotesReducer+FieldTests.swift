import Testing

@testable import NotesFeature

/// Line breaks typed or pasted into a one-line field become spaces, worked out on the text's
/// bytes: the same text as mapping its characters.
@Suite struct NotesReducerFieldTests {
  /// The rule the bytes must give: each character that is a line break becomes one space.
  static func byCharacters(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }

  @Test func everyKindOfLineBreakBecomesOneSpace() {
    let cases: [(String, String)] = [
      ("one\ntwo", "one two"),
      ("one\r\ntwo", "one two"),
      ("one\rtwo", "one two"),
      ("one\n\ntwo", "one  two"),
      ("\u{0B}\u{0C}", "  "),
      ("a\u{85}b\u{2028}c\u{2029}d", "a b c d"),
      ("\r", " "),
      ("\r\n\r", "  "),
      // Bytes that start a break's sequence, in other characters: C2 A0, E2 82 AC, E2 80 A7.
      ("no break: \u{A0}€\u{2027} café", "no break: \u{A0}€\u{2027} café"),
      ("", ""),
    ]
    for (text, expected) in cases {
      #expect(NotesReducer.lineBreaksAsSpaces(text) == expected, "\(text.debugDescription)")
      #expect(Self.byCharacters(text) == expected, "\(text.debugDescription)")
    }
  }

  /// Random texts of line breaks, combining marks, emoji and their neighbours in UTF-8 (bytes
  /// that start a break's sequence but end elsewhere) agree with the characters' rule.
  @Test func randomTextsAgreeWithTheCharactersRule() {
    let pieces = [
      "a", "é", "e\u{301}", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}",
      "\u{2029}", "\u{2026}", "\u{A9}", "\u{C5}", "\u{301}", "👍🏽", "🇫🇷", " ", "\u{200D}",
    ]
    var generator = SeededGenerator(seed: 41)
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 12)
      let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      #expect(
        NotesReducer.lineBreaksAsSpaces(text) == Self.byCharacters(text), "\(text.debugDescription)"
      )
    }
  }
}
