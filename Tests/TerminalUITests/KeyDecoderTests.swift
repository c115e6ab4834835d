import TerminalUI
import Testing

@Suite struct KeyDecoderTests {
  /// Decodes `bytes` in one read, then ends the input.
  private func decodeAll(_ bytes: [UInt8]) -> [KeyPress] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.finish()
  }

  private func decodeAll(_ text: String) -> [KeyPress] {
    decodeAll(Array(text.utf8))
  }

  /// Decodes `bytes` delivered in reads of `chunkSize` bytes, then ends the input.
  private func decodeInChunks(_ bytes: [UInt8], chunkSize: Int) -> [KeyPress] {
    var decoder = KeyDecoder()
    var keys: [KeyPress] = []
    var start = 0
    while start < bytes.count {
      let end = min(start + chunkSize, bytes.count)
      keys += decoder.decode(bytes[start..<end])
      start = end
    }
    return keys + decoder.finish()
  }

  // MARK: - Text

  @Test func printableASCIIBecomesOneCharacterEach() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode(Array("aZ 9~!".utf8)) == [
        .character("a"), .character("Z"), .character(" "), .character("9"), .character("~"),
        .character("!"),
      ])
    #expect(decoder.finish().isEmpty)
  }

  @Test(arguments: ["é", "日本", "🎉", "Grüße, 日本 🎉"])
  func multiByteUTF8BecomesWholeCharacters(text: String) {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(text.utf8)) == text.map { KeyPress.character($0) })
    #expect(decoder.finish().isEmpty)
  }

  @Test func aCharacterSplitAcrossTwoReadsWaitsForItsLastByte() {
    let bytes = Array("🎉".utf8)
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes[0..<2]).isEmpty)
    #expect(decoder.decode(bytes[2...]) == [.character("🎉")])
    #expect(decoder.finish().isEmpty)
  }

  @Test func everySplitPointOfMixedTextGivesTheSameKeys() {
    let text = "aé日本🎉z"
    let bytes = Array(text.utf8)
    let expected = text.map { KeyPress.character($0) }
    for split in 0...bytes.count {
      var decoder = KeyDecoder()
      let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
      #expect(keys == expected, "split at byte \(split)")
    }
  }

  // MARK: - Control keys

  @Test(
    arguments: [
      (UInt8(0x13), KeyPress.control("s")),
      (0x03, .control("c")),
      (0x01, .control("a")),
      (0x00, .control("@")),
      (0x7F, .backspace),
      (0x08, .modified(.backspace, .control)),
      (0x0D, .enter),
      (0x0A, .enter),
      (0x09, .tab),
    ])
  func controlBytesBecomeKeys(byte: UInt8, key: KeyPress) {
    #expect(decodeAll([byte]) == [key])
  }

  // MARK: - Escape sequences

  @Test(
    arguments: [
      ("\u{1B}[A", KeyPress.up),
      ("\u{1B}[B", .down),
      ("\u{1B}[C", .right),
      ("\u{1B}[D", .left),
      ("\u{1B}[H", .home),
      ("\u{1B}[F", .end),
      ("\u{1B}[1~", .home),
      ("\u{1B}[7~", .home),
      ("\u{1B}[4~", .end),
      ("\u{1B}[8~", .end),
      ("\u{1B}[3~", .delete),
      ("\u{1B}[5~", .pageUp),
      ("\u{1B}[6~", .pageDown),
      ("\u{1B}[Z", .tab),
    ])
  func csiSequencesBecomeKeys(sequence: String, key: KeyPress) {
    #expect(decodeAll(sequence) == [key])
  }

  @Test(
    arguments: [
      ("\u{1B}OA", KeyPress.up),
      ("\u{1B}OB", .down),
      ("\u{1B}OC", .right),
      ("\u{1B}OD", .left),
      ("\u{1B}OH", .home),
      ("\u{1B}OF", .end),
    ])
  func ss3SequencesBecomeKeys(sequence: String, key: KeyPress) {
    #expect(decodeAll(sequence) == [key])
  }

  @Test(
    arguments: [
      ("\u{1B}OP", 1), ("\u{1B}OQ", 2), ("\u{1B}OR", 3), ("\u{1B}OS", 4),
      ("\u{1B}[11~", 1), ("\u{1B}[15~", 5), ("\u{1B}[17~", 6), ("\u{1B}[21~", 10),
      ("\u{1B}[23~", 11), ("\u{1B}[24~", 12),
    ])
  func functionKeysBecomeTheirNumber(sequence: String, number: Int) {
    #expect(decodeAll(sequence) == [.function(number)])
  }

  /// The control keys past Z are nano's: Ctrl-\ (replace), Ctrl-6 (the mark), Ctrl-_ (go to
  /// line).
  @Test func theControlKeysPastZAreTheKeysNanoNames() {
    #expect(
      decodeAll([0x1C, 0x1D, 0x1E, 0x1F]) == [
        .control("\\"), .control("]"), .control("6"), .control("_"),
      ])
  }

  @Test func sequencesBetweenTextKeepTheirOrder() {
    #expect(
      decodeAll("a\u{1B}[Ab\u{1B}OBc\u{1B}[3~")
        == [.character("a"), .up, .character("b"), .down, .character("c"), .delete])
  }

  @Test func anUnknownSequenceIsDroppedAndTheTextAfterItKept() {
    #expect(decodeAll("\u{1B}[99~x\u{1B}[Qy") == [.character("x"), .character("y")])
  }

  @Test func aSequenceSplitAcrossReadsIsCompletedByTheNextRead() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[1".utf8)).isEmpty)
    #expect(decoder.decode(Array("5~".utf8)) == [.function(5)])
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.decode(Array("OA".utf8)) == [.up])
  }

  // MARK: - Bracketed paste

  @Test func aBracketedPasteIsOneKeyHoweverLong() {
    let text = "Line 1\nLine 2\tcafé 日本 🎉"
    #expect(decodeAll("\u{1B}[200~\(text)\u{1B}[201~") == [.paste(text)])
  }

  @Test func keysInsideAPasteStayText() {
    let text = "q\u{1B}[A\r\u{7F}\u{13}"
    #expect(
      decodeAll("x\u{1B}[200~\(text)\u{1B}[201~y") == [
        .character("x"), .paste(text), .character("y"),
      ])
  }

  @Test(arguments: [1, 2, 3, 5, 7, 64])
  func aPasteSplitAcrossSeveralReadsIsStillOneKey(chunkSize: Int) {
    let text = String(repeating: "Grüße 日本 🎉\n", count: 20)
    let bytes = Array("a\u{1B}[200~\(text)\u{1B}[201~b".utf8)
    #expect(
      decodeInChunks(bytes, chunkSize: chunkSize) == [
        .character("a"), .paste(text), .character("b"),
      ])
  }

  @Test func aPasteEndMarkerSplitAcrossReadsEndsThePaste() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~hello\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.decode(Array("1~x".utf8)) == [.paste("hello"), .character("x")])
  }

  @Test func anUnfinishedPasteIsDeliveredWhenInputEnds() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~half a pas".utf8)).isEmpty)
    #expect(decoder.decode(Array("te".utf8)).isEmpty)
    #expect(decoder.finish() == [.paste("half a paste")])
  }

  // MARK: - Invalid input

  @Test(
    arguments: [
      ([UInt8(0xFF)], [KeyPress.character("\u{FFFD}")]),
      ([0x80], [.character("\u{FFFD}")]),
      ([0xC0, 0x41], [.character("\u{FFFD}"), .character("A")]),
      ([0xC3, 0x41], [.character("\u{FFFD}"), .character("A")]),
      ([0xE6, 0x97, 0x78], [.character("\u{FFFD}"), .character("x")]),
      ([0xF5, 0x80, 0x80, 0x80], Array(repeating: .character("\u{FFFD}"), count: 4)),
    ])
  func invalidUTF8BecomesTheReplacementCharacter(bytes: [UInt8], keys: [KeyPress]) {
    #expect(decodeAll(bytes) == keys)
  }

  @Test func anIncompleteCharacterAtTheEndOfInputIsReplaced() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xE6, 0x97]).isEmpty)
    #expect(decoder.finish() == [.character("\u{FFFD}")])
  }

  @Test(arguments: [1, 3, 17, 4096])
  func arbitraryBytesNeverTrapAndDecodeTheSameInAnyReadSize(chunkSize: Int) {
    // A fixed pseudo-random stream, biased towards ESC, '[' and UTF-8 lead bytes so that
    // sequences start and break off everywhere.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x7E, 0xC3, 0xE6, 0xF0, 0x80, 0xBF, 0x32]
    let bytes = (0..<20_000).map { _ -> UInt8 in
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = UInt8(truncatingIfNeeded: seed >> 33)
      return value < 128 ? interesting[Int(value) % interesting.count] : value
    }
    let whole = decodeAll(bytes)
    #expect(!whole.isEmpty)
    #expect(decodeInChunks(bytes, chunkSize: chunkSize) == whole)
  }

  // MARK: - Escape on its own

  @Test func aLoneEscapeWaitsUntilInputEndsThenIsEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.isAwaitingEscapeSequence)
    #expect(decoder.finish() == [.escape])
    #expect(!decoder.isAwaitingEscapeSequence)
    #expect(decoder.decode(Array("x".utf8)) == [.character("x")])
  }

  @Test func onlyALoneEscapeCountsAsAwaitingASequence() {
    var decoder = KeyDecoder()
    _ = decoder.decode(Array("\u{1B}[".utf8))
    #expect(!decoder.isAwaitingEscapeSequence)
    var pasting = KeyDecoder()
    _ = pasting.decode(Array("\u{1B}[200~text\u{1B}".utf8))
    #expect(!pasting.isAwaitingEscapeSequence)
  }

  @Test func escapeFollowedByEscapeIsTwoEscapes() {
    #expect(decodeAll("\u{1B}\u{1B}") == [.escape, .escape])
  }

  // MARK: - Modifiers

  @Test(
    arguments: [
      ("\u{1B}[1;5D", KeyPress.modified(.left, .control)),
      ("\u{1B}[1;5C", .modified(.right, .control)),
      ("\u{1B}[1;3D", .modified(.left, .alt)),
      ("\u{1B}[1;3C", .modified(.right, .alt)),
      ("\u{1B}[1;2A", .modified(.up, .shift)),
      ("\u{1B}[1;5H", .modified(.home, .control)),
      ("\u{1B}[1;5F", .modified(.end, .control)),
      ("\u{1B}[1;7B", .modified(.down, [.control, .alt])),
      ("\u{1B}[1;9D", .modified(.left, .alt)),
      ("\u{1B}[3;5~", .modified(.delete, .control)),
      ("\u{1B}[5;5~", .modified(.pageUp, .control)),
      ("\u{1B}[15;2~", .modified(.function(5), .shift)),
      ("\u{1B}Od", .modified(.left, .control)),
      ("\u{1B}Oc", .modified(.right, .control)),
      // A modifier parameter of 1 means none.
      ("\u{1B}[1;1D", .left),
    ])
  func modifiedKeysAreReportedWithTheirModifiers(sequence: String, key: KeyPress) {
    #expect(decodeAll(sequence) == [key])
  }

  @Test func controlArrowsAreDistinctFromAltArrowsAndPlainArrows() {
    let keys = decodeAll("\u{1B}[D\u{1B}[1;5D\u{1B}[1;3D")
    #expect(keys == [.left, .modified(.left, .control), .modified(.left, .alt)])
    #expect(Set(keys).count == 3)
  }

  @Test(
    arguments: [
      ("\u{1B}u", KeyPress.alt("u")),
      ("\u{1B}E", .alt("E")),
      ("\u{1B}é", .alt("é")),
      ("\u{1B}\u{7F}", .modified(.backspace, .alt)),
      ("\u{1B}\r", .modified(.enter, .alt)),
      ("\u{1B}\t", .modified(.tab, .alt)),
      ("\u{1B}\u{17}", .modified(.control("w"), .alt)),
    ])
  func escapeFollowedByAKeyInTheSameReadIsAltWithThatKey(sequence: String, key: KeyPress) {
    #expect(decodeAll(sequence) == [key])
  }

  @Test func escapeThenAKeyInLaterReadsIsStillAltButAFinishedEscapeIsEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.decode(Array("u".utf8)) == [.alt("u")])
    // The reader saw no byte after ESC for a while and ended the sequence: Escape, then "u".
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.finish() == [.escape])
    #expect(decoder.decode(Array("u".utf8)) == [.character("u")])
  }

  @Test func altWithAMultiByteCharacterSplitAcrossReadsWaitsForTheWholeCharacter() {
    let bytes: [UInt8] = [0x1B] + Array("日".utf8)
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes[0..<2]).isEmpty)
    #expect(decoder.decode(bytes[2...]) == [.alt("日")])
  }

  @Test func bytesFromABufferAreTheKeysOfTheSameBytesAsASequence() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "é", "日", "\u{1B}", "\u{1B}[A", "\u{1B}[1;5C", "\r", "\u{7F}", "\u{3}"]
    for _ in 0..<200 {
      let reads = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        Array(pieces.randomElement(using: &generator)!.utf8)
      }
      var fromSequences = KeyDecoder()
      var fromBuffers = KeyDecoder()
      for read in reads {
        let expected = fromSequences.decode(read[...])
        let keys = read.withUnsafeBufferPointer { fromBuffers.decode($0) }
        #expect(keys == expected, "\(reads)")
      }
      #expect(fromBuffers.finish() == fromSequences.finish())
    }
  }
}
