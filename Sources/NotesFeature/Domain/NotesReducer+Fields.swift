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
      let inserted = Self.lineBreaksAsSpaces(typed)
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

  /// `text` with each line break (a `Character` whose `isNewline` is true: LF, VT, FF, CR,
  /// CR LF, NEL, U+2028, U+2029) made one space, worked out on its UTF-8 bytes: a line break
  /// is a control character, which never joins a character before or after it, so its bytes
  /// are the whole character. (Mapping the characters was most of a 50 KB paste's cost:
  /// docs/performance.md, "A paste into the search".)
  static func lineBreaksAsSpaces(_ text: String) -> String {
    let utf8 = text.utf8
    // The break's length in bytes at `index`, or 0.
    func lineBreak(at index: String.UTF8View.Index) -> Int {
      switch utf8[index] {
      case 0x0D:
        let next = utf8.index(after: index)
        return next < utf8.endIndex && utf8[next] == 0x0A ? 2 : 1
      case 0x0A, 0x0B, 0x0C: return 1
      case 0xC2:
        let next = utf8.index(after: index)
        return next < utf8.endIndex && utf8[next] == 0x85 ? 2 : 0
      case 0xE2:
        let second = utf8.index(after: index)
        guard second < utf8.endIndex, utf8[second] == 0x80 else { return 0 }
        let third = utf8.index(after: second)
        return third < utf8.endIndex && (utf8[third] == 0xA8 || utf8[third] == 0xA9) ? 3 : 0
      default: return 0
      }
    }
    guard let first = utf8.indices.first(where: { lineBreak(at: $0) > 0 }) else { return text }
    var bytes = Array(utf8[..<first])
    bytes.reserveCapacity(utf8.count)
    var index = first
    while index < utf8.endIndex {
      let length = lineBreak(at: index)
      if length > 0 {
        bytes.append(0x20)
        index = utf8.index(index, offsetBy: length)
      } else {
        bytes.append(utf8[index])
        index = utf8.index(after: index)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
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
