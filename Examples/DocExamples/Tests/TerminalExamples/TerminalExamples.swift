import TerminalUI
import Testing

// The examples in the doc comments of KeyDecoder and TerminalText.wrap.

@Test func bytesBecomeKeys() {
  var decoder = KeyDecoder()
  let keys = decoder.decode(Array("a\u{1B}[A".utf8))  // [.character("a"), .up]
  #expect(keys == [.character("a"), .up])
}

@Test func aLongMessageWrapsAtSpaces() {
  let lines = TerminalText.wrap("cannot save /data/notes.json: No space left on device", width: 20)
  // ["cannot save", "/data/notes.json: No", "space left on device"]
  #expect(lines == ["cannot save", "/data/notes.json: No", "space left on device"])
}
