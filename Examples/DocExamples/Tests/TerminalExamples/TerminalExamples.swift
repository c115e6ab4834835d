import TerminalUI
import Testing

// The examples in the doc comments of KeyDecoder and TerminalText.wrap.

@Test func bytesBecomeKeys() {
  var decoder = KeyDecoder()
  let keys = decoder.decode(Array("a\u{1B}[A".utf8))  // [.character("a"), .up]
  #expect(keys == [.character("a"), .up])
}

@Test func modifiedKeysAndAltDecodeToTheirOwnPresses() {
  var decoder = KeyDecoder()
  let keys = decoder.decode(Array("a\u{1B}[A".utf8))  // [.character("a"), .up]
  let more = decoder.decode(Array("\u{1B}[1;5C\u{1B}u".utf8))  // Ctrl-Right, then Alt-U
  #expect(keys == [.character("a"), .up])
  #expect(more == [.modified(.right, .control), .alt("u")])
}

@Test func aLongMessageWrapsAtSpaces() {
  let lines = TerminalText.wrap("cannot save /data/notes.json: No space left on device", width: 20)
  // ["cannot save", "/data/notes.json: No", "space left on device"]
  #expect(lines == ["cannot save", "/data/notes.json: No", "space left on device"])
}
