import StoreKernel

/// The editor's prompts, as nano's: the find, replace and go-to-line fields, and the questions
/// "File Name to Write", "Save modified buffer?" and "Replace this instance?". In every one,
/// Ctrl-C cancels ("Cancelled"), and Esc or Ctrl-X goes back to the text.
extension NoteEditorReducer {
  func prompt(
    _ state: inout NoteEditorState, _ action: NoteEditorAction.ViewAction
  ) -> Effect<NoteEditorAction> {
    switch action {
    case .cancelTapped, .escapeTapped, .exitTapped:
      if case .confirmingReplace(let replacement) = state.mode {
        finishReplace(&state, replacement)
        return .none
      }
      state.mode = .editing
      if action == .cancelTapped { state.notice = "Cancelled" }
      return .none
    case .saveTapped:
      return save(&state)
    case .text(let key):
      return answer(&state, key)
    default:
      return .none
    }
  }

  /// A key typed at the prompt: it edits the field, or answers the question.
  private func answer(_ state: inout NoteEditorState, _ key: TextKey) -> Effect<NoteEditorAction> {
    switch state.mode {
    case .editing:
      return .none
    case .finding(let draft):
      find(&state, draft: draft, key)
    case .writing(let thenClose):
      guard key == .newline else { return .none }
      state.mode = .editing
      guard thenClose else { return save(&state) }
      return .concatenate(save(&state), close(&state))
    case .askingToSave:
      switch key {
      case .inserted("y"), .inserted("Y"): state.mode = .writing(thenClose: true)
      case .inserted("n"), .inserted("N"): return discard(&state)
      default: break
      }
    case .replacing(let draft):
      editDraft(&state, draft, key, mode: { .replacing(draft: $0) }) { state, query in
        let query = query.isEmpty ? state.lastFind : query
        guard !query.isEmpty else { return state.mode = .editing }
        state.lastFind = query
        state.mode = .replacingWith(query: query, draft: "")
      }
    case .replacingWith(let query, let draft):
      editDraft(&state, draft, key, mode: { .replacingWith(query: query, draft: $0) }) {
        state, replacement in
        startReplace(&state, query: query, replacement: replacement)
      }
    case .confirmingReplace(let replacement):
      switch key {
      case .inserted("y"), .inserted("Y"): return replaceMatch(&state, replacement, all: false)
      case .inserted("a"), .inserted("A"): return replaceMatch(&state, replacement, all: true)
      case .inserted("n"), .inserted("N"): skipMatch(&state, replacement)
      default: break
      }
    case .goingToLine(let draft):
      editDraft(&state, draft, key, mode: { .goingToLine(draft: $0) }) { state, draft in
        state.mode = .editing
        goToLine(&state, draft)
      }
    }
    return .none
  }

  /// Edits the field of a prompt whose mode `mode` makes from its text; Enter hands the text
  /// to `accept`.
  private func editDraft(
    _ state: inout NoteEditorState, _ draft: String, _ key: TextKey,
    mode: (String) -> NoteEditorState.Mode,
    accept: (inout NoteEditorState, String) -> Void
  ) {
    guard key == .newline else {
      var draft = draft
      if NotesReducer.editField(&draft, cursor: &state.fieldCursor, key) {
        state.mode = mode(draft)
      }
      return
    }
    state.fieldCursor = 0
    accept(&state, draft)
  }

  /// Ctrl-X's `n`: nano leaves without the changes. They are undone back to when the note was
  /// opened or last saved, so redo (Alt-E) in the note brings them back, and the list says so.
  /// Should the history no longer reach there, the note is kept as it is.
  private func discard(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    state.mode = .editing
    // Their effects (the report timer) are dropped: the editor closes with the note now.
    while state.history.undo.count > state.savedUndoDepth { _ = undo(&state) }
    while state.history.undo.count < state.savedUndoDepth, !state.history.redo.isEmpty {
      _ = redo(&state)
    }
    guard !state.changedSinceSave else { return close(&state) }
    let disarm = disarmReport(&state)
    return .merge(disarm, .send(.delegate(.discarded(state.editing))))
  }

  /// Ctrl-_'s field, as nano reads it: a line number and, after a comma or a space, a column
  /// (without one, the cursor's column); a negative line counts from the last. A line past the
  /// end goes to the last one, a column past the line's end to its end.
  private func goToLine(_ state: inout NoteEditorState, _ draft: String) {
    let text = state.note.text
    let fields = draft.split(whereSeparator: { $0 == "," || $0 == " " })
    let cursor = state.cursor
    guard (1...2).contains(fields.count), let line = Int(fields[0]), line != 0,
      let column = fields.count == 2
        ? Int(fields[1])
        : text.scalarIndex(at: cursor) - text.scalarIndex(at: text.lineStart(at: cursor)) + 1,
      column > 0
    else {
      state.notice = "Invalid line or column number"
      return
    }
    let lineCount = text.lineCount
    let index = line > 0 ? min(line, lineCount) - 1 : max(0, lineCount + line)
    var offset = text.lineStart(ofLine: index)
    let end = text.lineEnd(at: offset)
    var moved = 1
    while moved < column, offset < end {
      offset = text.characterBoundary(after: offset)
      moved += 1
    }
    state.cursor = offset
    state.goalColumn = nil
  }

  /// Ctrl-C's report, in nano's words: "line 3/10 (30%), col 2/5 (40%), char 12/40 (30%)".
  /// Columns and characters count code points; the column's total is the line's length plus
  /// one (the place after its end), and `char` counts the characters before the cursor, as
  /// nano counts (nano's total has one more, the line end it adds when it saves).
  static func position(of offset: Int, in text: TextBuffer) -> String {
    let line = text.lineIndex(at: offset) + 1
    let lines = text.lineCount
    let lineStart = text.lineStart(at: offset)
    let character = text.scalarIndex(at: offset)
    let column = character - text.scalarIndex(at: lineStart) + 1
    let columns = text.scalarIndex(at: text.lineEnd(at: offset)) - text.scalarIndex(at: lineStart)
    let characters = text.scalarIndex(at: text.utf8Count)
    func percent(_ part: Int, _ whole: Int) -> Int { whole == 0 ? 100 : part * 100 / whole }
    return "line \(line)/\(lines) (\(percent(line, lines))%), "
      + "col \(column)/\(columns + 1) (\(percent(column, columns + 1))%), "
      + "char \(character)/\(characters) (\(percent(character, characters))%)"
  }
}
