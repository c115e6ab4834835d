import NotesFeature
import TerminalUI

/// Which key does what, in each mode: the keys of nano and micro where they do not collide
/// with the app's own (Ctrl-Z suspends, Tab switches tabs).
extension NotesView {
  static func action(
    for key: KeyPress, mode: NotesState.Mode, geometry: KeyGeometry = KeyGeometry()
  ) -> NotesAction.ViewAction? {
    if key == .control("s") { return .saveTapped }
    if key == .escape { return .escapeTapped }
    switch mode {
    case .editing: return editingAction(for: key, geometry: geometry)
    case .searching:
      switch key {
      case .down: return .selectNext
      case .up: return .selectPrevious
      default: return fieldAction(for: key)
      }
    case .renaming: return fieldAction(for: key)
    case .browsing: return browsingAction(for: key, geometry: geometry)
    }
  }

  private static func browsingAction(
    for key: KeyPress, geometry: KeyGeometry
  ) -> NotesAction.ViewAction? {
    switch key {
    case .down, .character("j"): .selectNext
    case .up, .character("k"): .selectPrevious
    case .pageDown: .selectionMoved(by: max(1, geometry.listHeight - 1))
    case .pageUp: .selectionMoved(by: -max(1, geometry.listHeight - 1))
    case .home: .selectFirst
    case .end: .selectLast
    case .character("n"): .createNoteTapped
    case .character("d"), .delete: .deleteSelectedTapped
    case .character("u"): .undoDeleteTapped
    case .character("/"): .searchTapped
    case .character("r"): .renameTapped
    case .enter, .character("e"), .right: .editTapped
    default: nil
    }
  }

  private static func editingAction(
    for key: KeyPress, geometry: KeyGeometry
  ) -> NotesAction.ViewAction? {
    let width = geometry.editorWidth
    let page = max(1, geometry.editorHeight - 1)
    switch key {
    case .character(let character): return .textInserted(String(character))
    case .paste(let text): return .textInserted(text)
    case .enter: return .newlineTapped
    case .up: return .cursorMovedByRows(-1, width: width)
    case .down: return .cursorMovedByRows(1, width: width)
    case .pageUp: return .cursorMovedByRows(-page, width: width)
    case .pageDown: return .cursorMovedByRows(page, width: width)
    case .modified(.home, .control): return .cursorMoved(.textStart)
    case .modified(.end, .control): return .cursorMoved(.textEnd)
    case .modified(.character(let letter), .alt) where letter.lowercased() == "u":
      return .undoTapped
    case .modified(.character(let letter), .alt) where letter.lowercased() == "e":
      return .redoTapped
    default: return fieldAction(for: key)
    }
  }

  /// The keys that edit any text, the body or a one-line field.
  private static func fieldAction(for key: KeyPress) -> NotesAction.ViewAction? {
    switch key {
    case .character(let character): .textInserted(String(character))
    case .paste(let text): .textInserted(text)
    case .enter: .newlineTapped
    case .backspace: .backspaceTapped
    case .delete: .deleteTapped
    case .left: .cursorMoved(.left)
    case .right: .cursorMoved(.right)
    case .home, .control("a"): .cursorMoved(.lineStart)
    case .end, .control("e"): .cursorMoved(.lineEnd)
    case .modified(.left, .control), .modified(.left, .alt), .modified(.character("b"), .alt):
      .cursorMoved(.wordLeft)
    case .modified(.right, .control), .modified(.right, .alt), .modified(.character("f"), .alt):
      .cursorMoved(.wordRight)
    case .modified(.backspace, .alt), .control("w"): .deleteWordBackwardTapped
    case .modified(.delete, .control), .modified(.character("d"), .alt):
      .deleteWordForwardTapped
    default: nil
    }
  }

  package var keyHelp: [String] {
    [
      "n  new note          ⏎ / e  edit the selected note     Esc  stop editing",
      "d  delete note       u  undo the last delete           r  rename",
      "/  search (title and body; Esc clears)    ↑ ↓ PgUp PgDn Home End  select",
      "Editing:  Alt-U  undo    Alt-E  redo    (Ctrl-Z suspends the app, as in nano)",
      "  Ctrl-← Ctrl-→ / Alt-← Alt-→  by word       Alt-Backspace / Ctrl-W  delete a word",
      "  ↑ ↓  by screen row      PgUp PgDn  by screen      Ctrl-Home Ctrl-End  to either end",
      "  Home End (Ctrl-A Ctrl-E)  line start, end         Ctrl-Delete  delete the next word",
      "Ctrl-S  save now (notes also save when typing pauses and on quit)",
    ]
  }
}
