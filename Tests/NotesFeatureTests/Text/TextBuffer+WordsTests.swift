import Testing

@testable import NotesFeature

/// Word starts for the word moves and deletes.
@Suite struct TextBufferWordsTests {
  let buffer = TextBuffer("one, two_3  日本語 🎉 end\nnext")

  @Test func wordStartBeforeSkipsSeparatorsThenTheWord() {
    // After "two_3" (offset 10) and in the spaces after it.
    #expect(buffer.wordStart(before: 10) == 5)
    #expect(buffer.wordStart(before: 12) == 5)
    #expect(buffer.wordStart(before: 7) == 5)
    #expect(buffer.wordStart(before: 5) == 0)
    #expect(buffer.wordStart(before: 0) == 0)
    // Across the line break: from the start of "next" back to "end"; "🎉" is no word.
    #expect(buffer.wordStart(before: 31) == 27)
    #expect(buffer.wordStart(before: 27) == 12)
  }

  @Test func wordStartAfterSkipsTheWordThenSeparators() {
    #expect(buffer.wordStart(after: 0) == 5)
    #expect(buffer.wordStart(after: 5) == 12)
    #expect(buffer.wordStart(after: 12) == 27)
    #expect(buffer.wordStart(after: 27) == 31)
    #expect(buffer.wordStart(after: 31) == buffer.utf8Count)
  }
}
