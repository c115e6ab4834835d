import StoreKernel

/// The one-line fields: the search text and the new title, edited with a cursor like the body
/// (the same moves and deletes, on a buffer made from the field: fields are short).
extension NotesReducer {
  func editSearch(_ state: inout NotesState, _ key: TextKey) {
    if key == .newline {
      state.mode = .browsing
      return
    }
    guard Self.editField(&state.searchText, cursor: &state.fieldCursor, key) else { return }
    refilter(&state)
    keepSelectionVisible(&state)
  }

  func editTitle(
    _ state: inout NotesState, draft: String, _ key: TextKey
  ) -> Effect<NotesAction> {
    guard key == .newline else {
      var draft = draft
      if Self.editField(&draft, cursor: &state.fieldCursor, key) {
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

  /// Applies an editing key to a one-line field; returns whether its text changed (a move
  /// changes only `cursor`). Line breaks in typed and pasted text become spaces: a pasted
  /// title of several lines reads as one.
  static func editField(_ field: inout String, cursor: inout Int, _ key: TextKey) -> Bool {
    if case .inserted(let typed) = key {
      // Typing and pasting, without a text buffer made of the field on every key (a pasted
      // search text may be 50 KB, and every key after the paste would lay it out again).
      let inserted = String(typed.map { $0.isNewline ? " " : $0 })
      guard !inserted.isEmpty else { return false }
      let utf8 = field.utf8
      var position = min(max(0, cursor), utf8.count)
      var index = utf8.index(utf8.startIndex, offsetBy: position)
      // Back to a character's first byte, if the cursor is inside one.
      while index > utf8.startIndex, index < utf8.endIndex, utf8[index] & 0xC0 == 0x80 {
        index = utf8.index(before: index)
        position -= 1
      }
      if index == utf8.endIndex {
        field += inserted
      } else {
        field = String(field[..<index]) + inserted + String(field[index...])
      }
      cursor = position + inserted.utf8.count
      return true
    }
    var text = TextBuffer(field)
    let position = text.scalarBoundary(atOrBefore: min(max(0, cursor), text.utf8Count))
    let change: (range: Range<Int>, inserted: String, kind: TextEdit.Kind)?
    switch key {
    case .moved(let direction):
      cursor = move(position, direction, in: text)
      return false
    case .inserted, .newline:
      change = nil
    default:
      change = Self.change(for: key, in: text, at: position)
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
