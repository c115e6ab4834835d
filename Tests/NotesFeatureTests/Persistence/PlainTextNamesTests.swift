import Testing

@testable import NotesFeature

/// How titles become file names for `AppShell export`, and names titles again.
@Suite struct PlainTextNamesTests {
  @Test func aTitleThatCanBeAFileNameIsKeptAsItIs() {
    for title in ["Groceries", "Café 日本 👍🏽", "a.b", "Report (2)", " spaced ", "a\\b:c*?"] {
      #expect(PlainTextNames.baseName(for: title) == title)
      let name = PlainTextNames.fileNames(for: [title])[0]
      #expect(PlainTextNames.title(forFileName: name) == title)
    }
  }

  @Test func slashesControlCharactersAndLeadingDotsBecomeUnderscores() {
    #expect(PlainTextNames.baseName(for: "a/b") == "a_b")
    #expect(PlainTextNames.baseName(for: "tab\there\u{0}nul\u{7F}") == "tab_here_nul_")
    #expect(PlainTextNames.baseName(for: "..hidden.txt") == "__hidden.txt")
    #expect(PlainTextNames.baseName(for: "line\r\nbreak") == "line_break")
  }

  @Test func anEmptyTitleIsUntitled() {
    #expect(PlainTextNames.baseName(for: "") == "Untitled")
  }

  @Test func aLongTitleIsCutAtAWholeCharacterWithinTheLimit() {
    let name = PlainTextNames.baseName(for: String(repeating: "👍🏽", count: 100))
    #expect(name.utf8.count <= PlainTextNames.maximumBytes)
    #expect(name == String(repeating: "👍🏽", count: PlainTextNames.maximumBytes / 8))
  }

  @Test func repeatedNamesGetNumbersInOrder() {
    #expect(
      PlainTextNames.fileNames(for: ["Same", "Other", "Same", "Same", "a/b", "a_b", ""])
        == [
          "Same.txt", "Other.txt", "Same (2).txt", "Same (3).txt", "a_b.txt", "a_b (2).txt",
          "Untitled.txt",
        ])
  }

  @Test func onlyVisibleTextFilesAreTitles() {
    #expect(PlainTextNames.title(forFileName: "Note.txt") == "Note")
    #expect(PlainTextNames.title(forFileName: "Note.txt.txt") == "Note.txt")
    #expect(PlainTextNames.title(forFileName: "Note.md") == nil)
    #expect(PlainTextNames.title(forFileName: ".hidden.txt") == nil)
    #expect(PlainTextNames.title(forFileName: ".txt") == nil)
  }
}
