import StoreKernel

/// The one-line fields: the search text and the new title, edited with a cursor like the body
/// (the same moves and deletes, on a buffer made from the field: fields are short).
extension NotesReducer {
  func editSearch(_ state: inout NotesState, _ action: NotesAction.ViewAction) {
    if action == .newlineTapped {
      state.mode = .browsing
      return
    }
    guard Self.editField(&state.searchText, cursor: &state.fieldCursor, action) else { return }
    refilter(&state)
    keepSelectionVisible(&state)
  }

  func editTitle(
    _ state: inout NotesState, draft: String, _ action: NotesAction.ViewAction
  ) -> Effect<NotesAction> {
    guard action == .newlineTapped else {
      var draft = draft
      if Self.editField(&draft, cursor: &state.fieldCursor, action) {
        state.mode = .renaming(draft: draft)
      }
      return .none
    }
    state.mode = .browsing
    guard let index = state.selectedIndex else { return .none }
    let title = draft.trimmingWhitespace
    state.notes[index].title = title.isEmpty ? "Untitled" : title
    state.notes[index].titleFollowsFirstLine = false
    touch(&state, at: index)
    return markEdited(&state)
  }

  /// Ctrl-W's field: Enter finds the text in the selected note after the cursor (then from its
  /// start, as nano does), or the text last found when the field is empty; any other key
  /// edits the field.
  func find(_ state: inout NotesState, draft: String, _ action: NotesAction.ViewAction) {
    guard action == .newlineTapped else {
      var draft = draft
      if Self.editField(&draft, cursor: &state.fieldCursor, action) {
        state.mode = .finding(draft: draft)
      }
      return
    }
    state.mode = .editing
    let query = draft.isEmpty ? state.lastFind : draft
    guard !query.isEmpty, let index = state.selectedIndex else { return }
    state.lastFind = query
    let text = state.notes[index].text
    let after = state.cursor < text.utf8Count ? text.characterBoundary(after: state.cursor) : 0
    if let found = text.offset(of: query, from: after) {
      state.cursor = found
    } else if let found = text.offset(of: query, from: 0), found < after {
      state.notice = found == state.cursor ? "This is the only occurrence" : "Search wrapped"
      state.cursor = found
    } else {
      state.notice = "“\(query)” not found"
    }
    state.goalColumn = nil
  }

  /// Applies an editing key to a one-line field; returns whether its text changed (a move
  /// changes only `cursor`). Line breaks in typed and pasted text become spaces: a pasted
  /// title of several lines reads as one.
  static func editField(
    _ field: inout String, cursor: inout Int, _ action: NotesAction.ViewAction
  ) -> Bool {
    var text = TextBuffer(field)
    let position = text.scalarBoundary(atOrBefore: min(max(0, cursor), text.utf8Count))
    let change: (range: Range<Int>, inserted: String, kind: TextEdit.Kind)?
    switch action {
    case .cursorMoved(let direction):
      cursor = move(position, direction, in: text)
      return false
    case .textInserted(let typed):
      let inserted = String(typed.map { $0.isNewline ? " " : $0 })
      change = inserted.isEmpty ? nil : (position..<position, inserted, .other)
    case .newlineTapped:
      change = nil
    default:
      change = Self.change(for: action, in: text, at: position)
    }
    guard let change else { return false }
    text.replace(change.range, with: change.inserted)
    field = text.string
    cursor = change.range.lowerBound + change.inserted.utf8.count
    return true
  }
}

extension String {
  /// The string without leading and trailing whitespace: one slice, no reversed copies (a
  /// title is trimmed on every key that edits a note's first line).
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
