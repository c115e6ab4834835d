package import NotesFeature
import TerminalUI

extension RowLayout {
  /// What `row` shows: inert text, tabs as spaces.
  package func rendered(_ row: Row, in text: TextBuffer) -> String {
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
