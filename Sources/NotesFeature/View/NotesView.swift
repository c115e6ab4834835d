package import FeatureBridge
import StoreKernel
package import TerminalUI

/// The notes feature in a terminal: the list on the left, the selected note on the right (or
/// one of them on a narrow terminal), a prompt line for search and rename, and a status line.
///
/// What a render shows is tracked through one small key (`renderKey`: the selection, the
/// cursor, the edit count, the mode…), and the notes themselves are read untracked: tracking
/// the notes array would compare it, and keep a copy of it, on every keystroke.
package final class NotesView: TerminalView {
  private let store: ViewStore<NotesState, NotesAction.ViewAction>
  /// The first visible row of the editor; view-local, like a scroll position in any UI.
  private var editorScroll = 0
  package private(set) var cursor: (row: Int, column: Int)?

  package init(store: ViewStore<NotesState, NotesAction.ViewAction>) {
    self.store = store
  }

  package func handle(_ keys: [KeyPress]) -> Int {
    var used = 0
    for key in keys {
      // Read only the mode: a copy of the whole state kept alive across `send` would force
      // the note being typed into to be copied on every keystroke.
      guard let action = Self.action(for: key, mode: store.peek(\.mode)) else {
        break
      }
      store.send(action)
      used += 1
    }
    return used
  }

  static func action(for key: KeyPress, mode: NotesState.Mode) -> NotesAction.ViewAction? {
    switch (mode, key) {
    case (_, .control("s")): return .saveTapped
    case (_, .escape): return .escapeTapped
    case (.editing, .character(let character)): return .textInserted(String(character))
    case (.editing, .paste(let text)): return .textInserted(text)
    case (.editing, .enter): return .newlineTapped
    case (.editing, .backspace): return .backspaceTapped
    case (.editing, .delete): return .deleteTapped
    case (.editing, .left): return .cursorMoved(.left)
    case (.editing, .right): return .cursorMoved(.right)
    case (.editing, .up): return .cursorMoved(.up)
    case (.editing, .down): return .cursorMoved(.down)
    case (.editing, .home), (.editing, .control("a")): return .cursorMoved(.lineStart)
    case (.editing, .end), (.editing, .control("e")): return .cursorMoved(.lineEnd)
    case (.searching, .character(let character)), (.renaming, .character(let character)):
      return .textInserted(String(character))
    case (.searching, .paste(let text)), (.renaming, .paste(let text)): return .textInserted(text)
    case (.searching, .backspace), (.renaming, .backspace): return .backspaceTapped
    case (.searching, .enter), (.renaming, .enter): return .newlineTapped
    case (.searching, .down), (.browsing, .down), (.browsing, .character("j")): return .selectNext
    case (.searching, .up), (.browsing, .up), (.browsing, .character("k")): return .selectPrevious
    case (.browsing, .character("n")): return .createNoteTapped
    case (.browsing, .character("d")), (.browsing, .delete): return .deleteSelectedTapped
    case (.browsing, .character("u")): return .undoDeleteTapped
    case (.browsing, .character("/")): return .searchTapped
    case (.browsing, .character("r")): return .renameTapped
    case (.browsing, .enter), (.browsing, .character("e")), (.browsing, .right): return .editTapped
    default: return nil
    }
  }

  package var keyHelp: [String] {
    [
      "n  new note          ⏎ / e  edit the selected note     Esc  stop editing",
      "d  delete note       u  undo the last delete           r  rename",
      "/  search (title and body; Esc clears)                 ↑ ↓  select",
      "Ctrl-S  save now (notes also save when typing pauses and on quit)",
    ]
  }

  package func render(width: Int, height: Int) -> [String] {
    cursor = nil
    guard width > 0, height > 0 else { return [] }
    _ = store.renderKey
    let state = store.peek(\.self)
    var lines = [header(state, width: width)]
    let bodyHeight = max(0, height - 2)
    let split = width >= 50
    let listWidth = split ? min(32, width / 3) : width
    let editorWidth = split ? width - listWidth - 3 : width
    let showList = split || state.mode != .editing
    let showEditor = split || state.mode == .editing
    let list = showList ? listRows(state, width: listWidth, height: bodyHeight) : []
    let editorRows = showEditor ? editor(state, width: editorWidth, height: bodyHeight) : []
    for row in 0..<bodyHeight {
      let left = row < list.count ? list[row] : ""
      let right = row < editorRows.count ? editorRows[row] : ""
      if split {
        lines.append(TerminalText.fit(left, width: listWidth, pad: true) + " │ " + right)
      } else {
        lines.append(TerminalText.fit(showList ? left : right, width: width))
      }
    }
    if let editorCursor = cursor {
      cursor = (
        row: editorCursor.row + 1, column: editorCursor.column + (split ? listWidth + 3 : 0)
      )
    }
    lines.append(TerminalText.fit(statusLine(state), width: width))
    return Array(lines.prefix(height))
  }

  private func header(_ state: NotesState, width: Int) -> String {
    var header = "Notes (\(state.notes.count))"
    switch state.mode {
    case .searching:
      header += "   search: \(TerminalText.inert(state.searchText))▏"
    case .renaming(let draft):
      header += "   rename: \(TerminalText.inert(draft))▏"
    case .browsing, .editing:
      if !state.searchText.isEmpty {
        header += "   filter: \(TerminalText.inert(state.searchText))"
      }
    }
    return TerminalText.fit(header, width: width)
  }

  private func listRows(_ state: NotesState, width: Int, height: Int) -> [String] {
    let visible = state.visibleNotes
    if visible.isEmpty {
      return [state.notes.isEmpty ? "No notes: n to create one" : "No note matches"]
    }
    let selected = visible.firstIndex { $0.id == state.selectedID } ?? 0
    let first = max(0, min(selected - height / 2, visible.count - height))
    return visible.dropFirst(first).prefix(height).map { note in
      let marker = note.id == state.selectedID ? "▸ " : "  "
      return marker + TerminalText.fit(note.title, width: max(0, width - 2))
    }
  }

  /// The selected note's body, soft-wrapped by display width, scrolled so the cursor shows.
  private func editor(_ state: NotesState, width: Int, height: Int) -> [String] {
    guard let note = state.selectedNote, width > 0, height > 0 else { return [] }
    let layout = EditorLayout(body: note.body, cursor: state.cursor, width: width)
    if layout.cursorRow < editorScroll { editorScroll = layout.cursorRow }
    if layout.cursorRow >= editorScroll + height { editorScroll = layout.cursorRow - height + 1 }
    editorScroll = max(0, min(editorScroll, max(0, layout.rows.count - 1)))
    if state.mode == .editing {
      cursor = (row: layout.cursorRow - editorScroll, column: layout.cursorColumn)
    }
    return Array(layout.rows.dropFirst(editorScroll).prefix(height))
  }

  private func statusLine(_ state: NotesState) -> String {
    if let status = state.status { return status }
    switch state.mode {
    case .editing: return "editing “\(state.selectedNote?.title ?? "")”: Esc to stop"
    case .searching: return "type to filter, ⏎ to keep the filter, Esc to clear it"
    case .renaming: return "type the new title, ⏎ to keep it, Esc to cancel"
    case .browsing: return state.hasUnsavedChanges ? "unsaved changes" : ""
    }
  }
}
