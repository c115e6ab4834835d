import NotesFeature
import TerminalUI

/// The status line: the mode, always first, so that a message such as "Saved" never hides
/// whether keys type text or run commands; then the latest message or a hint; and, while
/// editing, where the cursor is.
extension NotesView {
  func statusLine(_ state: NotesState, width: Int) -> String {
    let label: String
    let hint: String
    switch state.mode {
    case .editing:
      label = "EDITING"
      hint = "“\(state.selectedNote?.title ?? "")”: Esc to stop"
    case .searching:
      label = "SEARCHING"
      hint = "type to filter, ⏎ to keep the filter, Esc to clear it"
    case .renaming:
      label = "RENAMING"
      hint = "type the new title, ⏎ to keep it, Esc to cancel"
    case .browsing:
      label = "BROWSING"
      hint = state.hasUnsavedChanges ? "unsaved changes" : ""
    }
    let left = label + "  " + TerminalText.inert(state.status ?? hint)
    guard state.mode == .editing, let note = state.selectedNote else {
      return TerminalText.fit(left, width: width)
    }
    let position = Self.position(of: state.cursor, in: note.text)
    let room = width - TerminalText.width(of: position) - 2
    guard room >= TerminalText.width(of: label) else { return TerminalText.fit(left, width: width) }
    return TerminalText.fit(left, width: room, pad: true) + "  " + position
  }

  /// "Ln 12/340, Col 5": the line of `offset` and its column in code points, both from 1.
  static func position(of offset: Int, in text: TextBuffer) -> String {
    let line = text.lineIndex(at: offset) + 1
    let column = text.scalarIndex(at: offset) - text.scalarIndex(at: text.lineStart(at: offset))
    return "Ln \(line)/\(text.lineCount), Col \(column + 1)"
  }
}
