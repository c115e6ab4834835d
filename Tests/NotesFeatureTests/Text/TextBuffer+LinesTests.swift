import Testing

@testable import NotesFeature

/// Line starts, ends and numbers, including lines that cross chunks and lines without a break.
@Suite struct TextBufferLinesTests {
  @Test func linesOfAShortText() {
    let buffer = TextBuffer("ab\n日本\n\nlast")
    #expect(buffer.lineCount == 4)
    #expect(
      (0...buffer.utf8Count).map { buffer.lineIndex(at: $0) } == [
        0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3,
      ])
    #expect(buffer.lineStart(at: 5) == 3)
    #expect(buffer.lineEnd(at: 5) == 9)
    #expect(buffer.lineStart(at: 10) == 10)
    #expect(buffer.lineEnd(at: 10) == 10)
    #expect(buffer.lineStart(at: 12) == 11)
    #expect(buffer.lineEnd(at: 12) == 15)
    #expect([0, 1, 2, 3, 4].map { buffer.lineStart(ofLine: $0) } == [0, 3, 10, 11, 15])
    #expect(buffer.scalarIndex(at: 9) == 5)
  }

  @Test func linesAgreeWithTheStringAcrossChunks() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "TextBufferLinesTests", test: "linesAgreeWithTheStringAcrossChunks")
    {
      return
    }
    var generator = SeededGenerator(seed: 7)
    var text = ""
    for _ in 0..<2_000 {
      text += String(repeating: "wörd ", count: Int.random(in: 0...30, using: &generator)) + "\n"
    }
    text += String(repeating: "no break at the end ", count: 2_000)
    let buffer = TextBuffer(text)
    #expect(buffer.chunks.count > 5)
    let bytes = Array(text.utf8)
    let breaks = bytes.indices.filter { bytes[$0] == 0x0A }
    for offset in stride(from: 0, through: bytes.count, by: 997) {
      let before = breaks.filter { $0 < offset }
      #expect(buffer.lineIndex(at: offset) == before.count)
      #expect(buffer.lineStart(at: offset) == (before.last.map { $0 + 1 } ?? 0))
      #expect(buffer.lineEnd(at: offset) == (breaks.first { $0 >= offset } ?? bytes.count))
    }
    for line in stride(from: 1, through: breaks.count, by: 131) {
      #expect(buffer.lineStart(ofLine: line) == breaks[line - 1] + 1)
    }
    #expect(buffer.lineStart(ofLine: breaks.count + 5) == bytes.count)
  }

  @Test func aLineLongerThanAChunkHasItsStartAndEndFound() {
    let line = String(repeating: "x", count: 50_000)
    let buffer = TextBuffer("a\n" + line + "\nb")
    #expect(buffer.lineStart(at: 40_000) == 2)
    #expect(buffer.lineEnd(at: 3) == 50_002)
    #expect(buffer.lineIndex(at: 50_003) == 2)
  }
}
