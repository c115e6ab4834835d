import Testing

@testable import NotesFeature

/// The chunked text: edits anywhere, across chunk boundaries, agree with the same edits on a
/// plain string, and the counts stay right.
@Suite struct TextBufferTests {
  /// 40 KB of mixed text: more than two chunks.
  static let long = String(repeating: "héllo 日本 🎉 line\n", count: 1_600)

  @Test func aBufferHoldsItsTextAndCounts() {
    let buffer = TextBuffer(Self.long)
    #expect(buffer.string == Self.long)
    #expect(buffer.utf8Count == Self.long.utf8.count)
    #expect(buffer.newlineCount == 1_600)
    #expect(buffer.lineCount == 1_601)
    #expect(buffer.chunks.count > 2)
    #expect(buffer.chunks.allSatisfy { $0.count <= TextBuffer.maximumChunk })
  }

  @Test func anEmptyBufferIsEmpty() {
    let buffer = TextBuffer()
    #expect(buffer.isEmpty)
    #expect(buffer.string == "")
    #expect(buffer.lineCount == 1)
    #expect(buffer == TextBuffer(""))
  }

  @Test func insertAndRemoveAtTheStartMiddleAndEnd() {
    var buffer = TextBuffer("héllo")
    buffer.insert("X", at: 0)
    buffer.insert("日", at: 4)
    buffer.insert("!\n", at: buffer.utf8Count)
    #expect(buffer.string == "Xhé日llo!\n")
    #expect(buffer.newlineCount == 1)
    #expect(buffer.remove(1..<4) == "hé")
    #expect(buffer.string == "X日llo!\n")
    #expect(buffer.replace(0..<1, with: "🎉") == "X")
    #expect(buffer.string == "🎉日llo!\n")
  }

  @Test func anOffsetInsideAScalarIsMovedBackToItsStart() {
    var accented = TextBuffer("Xhé")
    accented.insert("日", at: 3)
    #expect(accented.string == "Xh日é")
    var buffer = TextBuffer("日本")
    buffer.insert("x", at: 1)
    #expect(buffer.string == "x日本")
    #expect(buffer.remove(4..<5) == "")
    #expect(buffer.string == "x日本")
  }

  @Test func aLargeInsertIsSplitIntoChunksAndStaysEqualToTheString() {
    var buffer = TextBuffer("start end")
    buffer.insert(Self.long, at: 6)
    #expect(buffer.string == "start " + Self.long + "end")
    #expect(buffer.chunks.allSatisfy { $0.count <= TextBuffer.maximumChunk && $0.count > 0 })
    #expect(buffer == TextBuffer("start " + Self.long + "end"))
  }

  @Test func removingAcrossChunksKeepsTheRestAndMergesSmallChunks() {
    var buffer = TextBuffer(Self.long)
    let chunksBefore = buffer.chunks.count
    let removed = buffer.remove(100..<(Self.long.utf8.count - 100))
    #expect(removed.utf8.count == Self.long.utf8.count - 200)
    #expect(buffer.utf8Count == 200)
    #expect(buffer.chunks.count < chunksBefore)
    #expect(buffer.chunks.count == 1)
    #expect(
      buffer.string == String(decoding: Array(Self.long.utf8).prefix(100), as: UTF8.self)
        + String(decoding: Array(Self.long.utf8).suffix(100), as: UTF8.self))
  }

  @Test func equalityComparesTheTextNotTheChunks() {
    var typed = TextBuffer()
    for character in Self.long { typed.insert(String(character), at: typed.utf8Count) }
    #expect(typed == TextBuffer(Self.long))
    #expect(typed.chunks.map(\.count) != TextBuffer(Self.long).chunks.map(\.count))
    typed.insert("x", at: 5)
    #expect(typed != TextBuffer(Self.long))
  }

  @Test func aCopySharesItsChunksUntilOneIsEdited() {
    let original = TextBuffer(Self.long)
    var copy = original
    copy.insert("x", at: 20_000)
    #expect(original.string == Self.long)
    #expect(copy.utf8Count == original.utf8Count + 1)
  }

  @Test func randomEditsAgreeWithTheSameEditsOnAString() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "TextBufferTests", test: "randomEditsAgreeWithTheSameEditsOnAString")
    {
      return
    }
    var generator = SeededGenerator(seed: 42)
    var model = Array(Self.long.unicodeScalars)
    var buffer = TextBuffer(Self.long)
    let pieces = ["a", "日本", "\n", "🎉🎉", String(repeating: "long text ", count: 900)]
    for step in 0..<250 {
      let count = model.count
      let position = Int.random(in: 0...count, using: &generator)
      let offset = String(String.UnicodeScalarView(model[..<position])).utf8.count
      if Bool.random(using: &generator) || count == 0 {
        let piece = pieces.randomElement(using: &generator)!
        model.insert(contentsOf: piece.unicodeScalars, at: position)
        buffer.insert(piece, at: offset)
      } else {
        let end = min(count, position + Int.random(in: 1...3_000, using: &generator))
        let endOffset = offset + String(String.UnicodeScalarView(model[position..<end])).utf8.count
        let removed = buffer.remove(offset..<endOffset)
        #expect(removed == String(String.UnicodeScalarView(model[position..<end])), "step \(step)")
        model.removeSubrange(position..<end)
      }
      let expected = String(String.UnicodeScalarView(model))
      guard buffer.string == expected else {
        Issue.record("step \(step): the buffer and the string differ")
        return
      }
      #expect(buffer.newlineCount == expected.utf8.count { $0 == 0x0A })
      // Offsets are found by a search of where chunks start: it must agree with the text.
      if step % 5 == 0 {
        let bytes = Array(expected.utf8)
        let probe = Int.random(in: 0...bytes.count, using: &generator)
        let before = bytes[..<probe]
        #expect(buffer.lineIndex(at: probe) == before.count { $0 == 0x0A }, "step \(step)")
        #expect(buffer.scalarIndex(at: probe) == before.count { $0 & 0xC0 != 0x80 }, "step \(step)")
        if probe < bytes.count { #expect(buffer.byte(at: probe) == bytes[probe], "step \(step)") }
      }
      #expect(buffer.chunks.allSatisfy { $0.count > 0 && $0.count <= TextBuffer.maximumChunk })
    }
  }

  @Test func itIsShownAsItsTextInDiffs() {
    let buffer = TextBuffer("a\n\"b\"")
    #expect(buffer.debugDescription == "\"a\\n\\\"b\\\"\"")
    #expect(Mirror(reflecting: buffer).children.isEmpty)
  }
}

/// The filter's search: ASCII case folded byte by byte, across chunk boundaries, and any other
/// query by lowercasing.
@Suite struct TextBufferSearchTests {
  @Test(arguments: [
    ("milk", true), ("MILK", false), ("ilk a", true), ("x", false), ("", true), ("é", true),
    ("日本", true), ("k an", true), ("[2j", true),
  ])
  func aNoteContainsAQueryIgnoringCase(query: String, expected: Bool) {
    let text = TextBuffer("Buy MiLk and Eggs. Café 日本 ESC[2J")
    // Queries are lowercased before the search; "MILK" as given is not.
    #expect(text.contains(lowercased: query) == expected, "\(query)")
  }

  /// The search looks for the query's rarest byte and checks around it: it finds the first
  /// match, as a plain search does, wherever that byte is in the query.
  @Test func theFirstMatchIsFoundWhicheverByteTheSearchLooksFor() {
    var generator = SeededGenerator(seed: 7)
    let alphabet = Array("wordWORD 7Ln:\n".utf8)
    for round in 0..<400 {
      let haystack = (0..<Int.random(in: 0...70, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let needle = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        FoldedSearch.fold(alphabet.randomElement(using: &generator)!)
      }
      let folded = haystack.map(FoldedSearch.fold)
      let expected =
        folded.count < needle.count
        ? nil
        : (0...(folded.count - needle.count)).first {
          folded[$0..<($0 + needle.count)].elementsEqual(needle)
        }
      let found = needle.withUnsafeBufferPointer { needle in
        haystack.withUnsafeBufferPointer { FoldedSearch.firstIndex(of: needle, in: $0) }
      }
      #expect(found == expected, "round \(round)")
    }
    #expect(Array("word 7".utf8).withUnsafeBufferPointer { FoldedSearch.rarestIndex(in: $0) } == 5)
  }

  @Test func aMatchAcrossAChunkBoundaryIsFoundAndEveryPositionIsSearched() {
    // The first chunk ends at TextBuffer.fillChunk: the needle starts before it, on it, and
    // after it.
    let filler = String(repeating: "abcdefghij", count: 1_300)
    for shift in 0..<20 {
      let before = String(repeating: "z", count: TextBuffer.fillChunk - 10 + shift)
      let text = TextBuffer(before + "NEEDLE" + filler)
      #expect(text.chunks.count > 1)
      #expect(text.contains(lowercased: "needle"), "shift \(shift)")
      #expect(!text.contains(lowercased: "needles"), "shift \(shift)")
    }
  }
}
