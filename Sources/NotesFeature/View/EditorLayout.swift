import TerminalUI

/// A note body laid out for the terminal: logical lines soft-wrapped at `width` display
/// columns, every row made inert, and where the cursor lands.
struct EditorLayout {
  private(set) var rows: [String] = []
  private(set) var cursorRow = 0
  private(set) var cursorColumn = 0

  init(body: String, cursor: Int, width: Int) {
    let width = max(1, width)
    let cursorIndex = body.utf8.index(
      body.utf8.startIndex, offsetBy: min(max(0, cursor), body.utf8.count))
    var row = ""
    var used = 0
    var index = body.startIndex
    func placeCursorIfHere() {
      if index == cursorIndex {
        cursorRow = rows.count
        cursorColumn = used
      }
    }
    while index < body.endIndex {
      placeCursorIfHere()
      let character = body[index]
      if character == "\n" {
        rows.append(row)
        row = ""
        used = 0
      } else {
        let shown = TerminalText.inert(String(character))
        let columns = TerminalText.width(of: shown)
        if used + columns > width, used > 0 {
          rows.append(row)
          row = ""
          used = 0
          placeCursorIfHere()
        }
        row += shown
        used += columns
      }
      index = body.index(after: index)
    }
    placeCursorIfHere()
    rows.append(row)
    if cursorColumn >= width {
      cursorRow += 1
      cursorColumn = 0
      if cursorRow >= rows.count { rows.append("") }
    }
  }
}
