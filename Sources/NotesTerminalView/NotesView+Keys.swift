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
      // Ctrl-C cancels, as at nano's prompts.
      case .control("x"), .control("c"): return .escapeTapped
      default: return fieldKey(for: key).map(NotesAction.ViewAction.text)
      }
    case .renaming:
      switch key {
      case .control("x"), .control("c"): return .escapeTapped
      default: return fieldKey(for: key).map(NotesAction.ViewAction.text)
      }
    case .browsing: return browsingAction(for: key, geometry: geometry)
    }
  }

  /// What a key does in the open note's editor (a feature of its own, which the list presents).
  static func editorAction(
    for key: KeyPress, mode: NoteEditorState.Mode, geometry: KeyGeometry = KeyGeometry()
  ) -> NoteEditorAction.ViewAction? {
    switch key {
    case .control("s"): return .saveTapped
    case .escape: return .escapeTapped
    case .control("c"): return .cancelTapped
    case .control("x"): return .exitTapped
    case .control("o"): return .writeOutTapped
    default: break
    }
    guard case .editing = mode else {
      // A prompt: its field's keys, or the answer to its question.
      return fieldKey(for: key).map(NoteEditorAction.ViewAction.text)
    }
    return editingAction(for: key, geometry: geometry)
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
    // A page is a screenful less two rows, as nano's: the two rows stay in sight.
    let page = max(1, geometry.editorHeight - 2)
    switch key {
    case .character(let character): return .textInserted(String(character))
    case .paste(let text): return .textInserted(text)
    case .enter: return .newlineTapped
    case .tab: return .textInserted("\t")
    case .control("k"): return .cutLineTapped
    case .control("u"): return .pasteCutTapped
    case .modified(.character("6"), .alt): return .copyLineTapped
    case .control("w"): return .findTapped
    case .up, .control("p"): return .cursorMovedByRows(-1, width: width)
    case .down, .control("n"): return .cursorMovedByRows(1, width: width)
    case .pageUp, .control("y"): return .cursorMovedByRows(-page, width: width)
    case .pageDown, .control("v"): return .cursorMovedByRows(page, width: width)
    case .control("f"): return .cursorMoved(.right)
    case .control("b"): return .cursorMoved(.left)
    case .home, .control("a"): return .homeTapped(width: width)
    case .end, .control("e"): return .endTapped(width: width)
    case .modified(.home, .control): return .cursorMoved(.textStart)
    case .modified(.end, .control): return .cursorMoved(.textEnd)
    case .control("6"): return .markTapped
    case .control("\\"): return .replaceTapped
    case .control("_"): return .goToLineTapped
    case .modified(.character(let letter), .alt):
      switch letter {
      case "u", "U": return .undoTapped
      case "e", "E": return .redoTapped
      case "a", "A": return .markTapped
      case "w", "W": return .findNextTapped
      case "g", "G": return .goToLineTapped
      case "r", "R": return .replaceTapped
      default: break
      }
    default: break
    }
    return fieldKey(for: key).map(NoteEditorAction.ViewAction.text) ?? unbound(key)
  }

  /// A key the editor has no use for, named as nano names it (`^T`, `M-J`), so the status line
  /// says it does nothing; `nil` for the keys the shell takes (tabs, help, suspend, redraw,
  /// quit).
  private static func unbound(_ key: KeyPress) -> NoteEditorAction.ViewAction? {
    switch key {
    case .control("g"), .control("z"), .control("l"), .control("q"): return nil
    case .control(let letter): return .unboundKey("^" + letter.uppercased())
    case .modified(.character(let digit), .alt) where digit.isNumber: return nil
    case .modified(let base, let modifiers):
      var name = modifiers.contains(.shift) ? "Sh-" : ""
      if modifiers.contains(.control) { name += "^" }
      if modifiers.contains(.alt) { name += "M-" }
      return .unboundKey(name + keyName(base))
    default: return nil
    }
  }

  private static func keyName(_ key: KeyPress) -> String {
    switch key {
    case .character(let character): character.uppercased()
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .delete: "Del"
    case .backspace: "Bsp"
    case .enter: "Enter"
    case .tab: "Tab"
    default: "key"
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
      "/ or Ctrl-W  search titles and bodies (Esc, Ctrl-C clear it)   ↑ ↓ PgUp PgDn Home End  select",
      "Editing, as in nano:",
      "  Ctrl-K  cut the line or the marked text   Alt-6  copy it   Ctrl-U  paste what was cut",
      "  Alt-A / Ctrl-6  set or unset the mark   Ctrl-\\  replace   Ctrl-_  go to line[,column]",
      "  Ctrl-W  find in the note   Alt-W  find the next   Tab  a tab",
      "  Alt-U  undo    Alt-E  redo    Ctrl-D  delete the next character",
      "  Alt-Backspace / Ctrl-Backspace  delete the word before    Ctrl-Delete  the word after",
      "  Ctrl-← Ctrl-→ / Alt-← Alt-→  by word   Home End (Ctrl-A Ctrl-E)  row's ends, then line's",
      "  ↑ ↓ (Ctrl-P Ctrl-N)  by screen row   ← → (Ctrl-B Ctrl-F)   PgUp PgDn (Ctrl-Y Ctrl-V)  page",
      "  Ctrl-Home Ctrl-End  to either end   Ctrl-C  where the cursor is; at a prompt, cancel",
      "  Ctrl-X  close (after a change it asks, as nano: y, then ⏎ saves; n leaves without it)",
      "Ctrl-S / Ctrl-O  save now (Ctrl-O asks as nano does: ⏎ saves; notes also save when typing"
        + " pauses and on quit)",
    ]
  }
}

/// The keys that answer the list's confirmation dialog: `y` (or ⏎) for its destructive button,
/// `n` (or Esc, Ctrl-X, Ctrl-C) for its cancel button, a digit for the button of that number;
/// any other key is not taken.
extension NotesView {
  static func answer(
    _ key: KeyPress, to dialog: ConfirmationDialogState<NotesAction.Confirmation>
  ) -> NotesAction.ViewAction? {
    let button: ButtonState<NotesAction.Confirmation>?
    switch key {
    case .character("y"), .character("Y"), .enter:
      button = dialog.buttons.first { $0.role == .destructive } ?? dialog.buttons.first
    case .character("n"), .character("N"), .escape, .control("x"), .control("c"):
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
