package import NotesFeature
import TerminalUI

extension RowLayout {
  /// What `row` shows: inert text, tabs as spaces.
  package func rendered(_ row: Row, in text: TextBuffer) -> String {
    // A row of printable ASCII, nearly every row of nearly every note, is shown as it is.
    let bytes = text.bytes(in: row.start..<row.end)
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    var shown = ""
    var used = 0
    forEachCharacter(on: row, in: text) { character, _, _ in
      let columns = columns(of: character, at: used)
      if character == "\t" {
        shown += String(repeating: " ", count: columns)
      } else if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
        shown.append(character)
      } else {
        shown += TerminalText.inert(String(character))
      }
      used += columns
      return true
    }
    return shown
  }
}
