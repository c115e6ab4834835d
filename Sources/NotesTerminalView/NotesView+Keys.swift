import NotesFeature
import StoreKernel
import TerminalUI

/// Which key does what, in each mode: nano's keys where they fit (docs/app.md lists them, and
/// where the app differs), and micro's where nano has none.
extension NotesView {
  static func action(
    for key: KeyPress, mode: NotesState.Mode, geometry: KeyGeometry = KeyGeometry()
  ) -> NotesAction.ViewAction? {
    // Patterns, not `==`: `KeyPress` is indirect, so comparing with `.control("s")` would
    // allocate that key on every keystroke.
    switch key {
    case .control("s"), .control("o"): return .saveTapped
    case .escape: return .escapeTapped
    default: break
    }
    switch mode {
    case .searching:
      switch key {
      case .down: return .selectNext
      case .up: return .selectPrevious
      case .control("x"): return .escapeTapped
      default: return fieldKey(for: key).map(NotesAction.ViewAction.text)
      }
    case .renaming:
      if case .control("x") = key { return .escapeTapped }
      return fieldKey(for: key).map(NotesAction.ViewAction.text)
    case .browsing: return browsingAction(for: key, geometry: geometry)
    }
  }

  /// What a key does in the open note's editor (a feature of its own, which the list presents).
  static func editorAction(
    for key: KeyPress, mode: NoteEditorState.Mode, geometry: KeyGeometry = KeyGeometry()
  ) -> NoteEditorAction.ViewAction? {
    switch key {
    case .control("s"), .control("o"): return .saveTapped
    case .escape, .control("x"): return .escapeTapped
    default: break
    }
    switch mode {
    case .editing: return editingAction(for: key, geometry: geometry)
    case .finding: return fieldKey(for: key).map(NoteEditorAction.ViewAction.text)
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
    case .character("/"), .control("w"): .searchTapped
    case .character("r"): .renameTapped
    case .enter, .character("e"), .right: .editTapped
    default: nil
    }
  }

  private static func editingAction(
    for key: KeyPress, geometry: KeyGeometry
  ) -> NoteEditorAction.ViewAction? {
    let width = geometry.editorWidth
    let page = max(1, geometry.editorHeight - 1)
    switch key {
    case .character(let character): return .textInserted(String(character))
    case .paste(let text): return .textInserted(text)
    case .enter: return .newlineTapped
    case .tab: return .textInserted("\t")
    case .control("k"): return .cutLineTapped
    case .control("u"): return .pasteCutTapped
    case .modified(.character("6"), .alt): return .copyLineTapped
    case .control("w"): return .findTapped
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
    default: return fieldKey(for: key).map(NoteEditorAction.ViewAction.text)
    }
  }

  /// The text `key` types into a one-line field, when it types some: a character or a paste.
  static func typedText(_ key: KeyPress) -> String? {
    switch key {
    case .character(let character): String(character)
    case .paste(let text): text
    default: nil
    }
  }

  /// The keys that edit any text, the body or a one-line field.
  private static func fieldKey(for key: KeyPress) -> TextKey? {
    switch key {
    case .character(let character): .inserted(String(character))
    case .paste(let text): .inserted(text)
    case .enter: .newline
    case .backspace: .backspace
    case .delete, .control("d"): .delete
    case .left: .moved(.left)
    case .right: .moved(.right)
    case .home, .control("a"): .moved(.lineStart)
    case .end, .control("e"): .moved(.lineEnd)
    case .modified(.left, .control), .modified(.left, .alt), .modified(.character("b"), .alt):
      .moved(.wordLeft)
    case .modified(.right, .control), .modified(.right, .alt), .modified(.character("f"), .alt):
      .moved(.wordRight)
    case .modified(.backspace, .alt), .modified(.backspace, .control): .deleteWordBackward
    case .modified(.delete, .control), .modified(.character("d"), .alt): .deleteWordForward
    default: nil
    }
  }

  package var keyHelp: [String] {
    [
      "n  new note          ⏎ / e  edit the selected note     Esc / Ctrl-X  stop editing",
      "d  delete note (y to confirm)   u  undo deletes, last first   r  rename",
      "/ or Ctrl-W  search titles and bodies (Esc clears)      ↑ ↓ PgUp PgDn Home End  select",
      "Editing, as in nano:",
      "  Ctrl-K  cut the line     Alt-6  copy the line     Ctrl-U  paste what was cut",
      "  Ctrl-W  find in the note (⏎ again finds the next)  Tab  a tab",
      "  Alt-U  undo    Alt-E  redo    Ctrl-D  delete the next character",
      "  Alt-Backspace / Ctrl-Backspace  delete the word before    Ctrl-Delete  the word after",
      "  Ctrl-← Ctrl-→ / Alt-← Alt-→  by word      Home End (Ctrl-A Ctrl-E)  line start, end",
      "  ↑ ↓  by screen row      PgUp PgDn  by screen      Ctrl-Home Ctrl-End  to either end",
      "Ctrl-S / Ctrl-O  save now (notes also save when typing pauses and on quit)",
    ]
  }
}

/// The keys that answer the list's confirmation dialog: `y` (or ⏎) for its destructive button,
/// `n` (or Esc, Ctrl-X) for its cancel button, a digit for the button of that number; any other
/// key is not taken.
extension NotesView {
  static func answer(
    _ key: KeyPress, to dialog: ConfirmationDialogState<NotesAction.Confirmation>
  ) -> NotesAction.ViewAction? {
    let button: ButtonState<NotesAction.Confirmation>?
    switch key {
    case .character("y"), .character("Y"), .enter:
      button = dialog.buttons.first { $0.role == .destructive } ?? dialog.buttons.first
    case .character("n"), .character("N"), .escape, .control("x"):
      guard let cancel = dialog.buttons.first(where: { $0.role == .cancel }) else {
        return .confirmation(.dismiss)
      }
      button = cancel
    case .character(let digit):
      guard let number = digit.wholeNumberValue, dialog.buttons.indices.contains(number - 1)
      else { return nil }
      button = dialog.buttons[number - 1]
    default:
      return nil
    }
    return button.map { .confirmation(.tap($0)) }
  }

  /// The key that taps `button` of a dialog, as the status line shows it.
  static func answerKey(
    for button: ButtonState<NotesAction.Confirmation>, at index: Int
  ) -> String {
    switch button.role {
    case .destructive?: "y"
    case .cancel?: "n"
    default: "\(index + 1)"
    }
  }
}
