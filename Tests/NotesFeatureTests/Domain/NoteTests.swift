import NotesFeature
import Testing

@Suite struct NoteTests {
  private func title(ofFirstLine line: String) -> String {
    Note(id: 7, title: "", body: line + "\nsecond line", revision: 1, titleFollowsFirstLine: true)
      .titleFromFirstLine
  }

  @Test func aTitleIsTheFirstLineTrimmedAndCutAtSixtyCharacters() {
    #expect(title(ofFirstLine: "  Shopping list  ") == "Shopping list")
    let long = String(repeating: "é", count: 80)
    #expect(title(ofFirstLine: long) == String(repeating: "é", count: 60))
    #expect(title(ofFirstLine: "   ") == "Untitled 7")
  }

  /// Only the line's first bytes are read (four per character of the longest title): a line
  /// of characters longer than that is cut between characters, never inside one.
  @Test(arguments: ["🇯🇵", "👨‍👩‍👧", "e\u{301}\u{301}\u{301}\u{301}"])
  func aTitleCutFromALongLineEndsWithAWholeCharacter(character: String) {
    let line = "ab" + String(repeating: character, count: 60)
    let title = title(ofFirstLine: line)
    #expect(line.starts(with: title), "\(title.unicodeScalars.map(\.value))")
    #expect(title.count > 2)
    #expect(title.count < line.count)
  }
}
