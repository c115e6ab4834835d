import StoreKernel

/// Text editing for the field the mode points at: the note body, the search text, or the new
/// title. The cursor is a UTF-8 offset, so turning it into an index is O(1) and a keystroke
/// costs an in-place insertion, not a scan of the note.
extension NotesReducer {
  func edit(_ state: inout NotesState, _ action: NotesAction.ViewAction) -> Effect<NotesAction> {
    switch state.mode {
    case .browsing:
      return .none
    case .searching:
      editSearch(&state, action)
      return .none
    case .renaming(let draft):
      return editTitle(&state, draft: draft, action)
    case .editing:
      return editBody(&state, action)
    }
  }

  private func editBody(
    _ state: inout NotesState, _ action: NotesAction.ViewAction
  ) -> Effect<NotesAction> {
    guard let index = state.selectedIndex else { return .none }
    let cursor = state.cursor
    // The body is edited in place through `inout`: a named copy alive during the edit would
    // make every keystroke copy the whole note (copy-on-write).
    guard let newCursor = Self.apply(action, to: &state.notes[index].body, cursor: cursor) else {
      return .none
    }
    state.cursor = newCursor
    if case .cursorMoved = action { return .none }
    touch(&state, at: index)
    return markEdited(&state)
  }

  /// Applies an editing action to `body` at the UTF-8 offset `cursor`; returns the new cursor,
  /// or `nil` when the action changes nothing.
  static func apply(
    _ action: NotesAction.ViewAction, to body: inout String, cursor offset: Int
  ) -> Int? {
    let cursor = body.utf8.index(body.utf8.startIndex, offsetBy: min(offset, body.utf8.count))
    switch action {
    case .textInserted(let text):
      let text = normalizedNewlines(text)
      guard !text.isEmpty else { return nil }
      body.insert(contentsOf: text, at: cursor)
      return offset + text.utf8.count
    case .newlineTapped:
      body.insert("\n", at: cursor)
      return offset + 1
    case .backspaceTapped:
      guard cursor > body.startIndex else { return nil }
      let previous = body.index(before: cursor)
      let newOffset = body.utf8.distance(from: body.utf8.startIndex, to: previous)
      body.removeSubrange(previous..<cursor)
      return newOffset
    case .deleteTapped:
      guard cursor < body.endIndex else { return nil }
      body.removeSubrange(cursor..<body.index(after: cursor))
      return offset
    case .cursorMoved(let direction):
      let target = move(cursor, direction, in: body)
      return body.utf8.distance(from: body.utf8.startIndex, to: target)
    default:
      return nil
    }
  }

  private func editSearch(_ state: inout NotesState, _ action: NotesAction.ViewAction) {
    switch action {
    case .textInserted(let text):
      state.searchText += text.filter { !$0.isNewline }
    case .backspaceTapped:
      if !state.searchText.isEmpty { state.searchText.removeLast() }
    case .newlineTapped:
      state.mode = .browsing
    default:
      return
    }
    let visible = state.visibleNotes
    if !visible.contains(where: { $0.id == state.selectedID }) {
      state.selectedID = visible.first?.id
      state.cursor = visible.first?.body.utf8.count ?? 0
    }
  }

  private func editTitle(
    _ state: inout NotesState, draft: String, _ action: NotesAction.ViewAction
  ) -> Effect<NotesAction> {
    var draft = draft
    switch action {
    case .textInserted(let text):
      draft += text.filter { !$0.isNewline }
    case .backspaceTapped:
      if !draft.isEmpty { draft.removeLast() }
    case .newlineTapped:
      state.mode = .browsing
      guard let index = state.selectedIndex else { return .none }
      let title = draft.trimmingWhitespace
      state.notes[index].title = title.isEmpty ? "Untitled" : title
      touch(&state, at: index)
      return markEdited(&state)
    default:
      return .none
    }
    state.mode = .renaming(draft: draft)
    return .none
  }

  /// Marks the note as the newest edited and moves it to the top of the list.
  func touch(_ state: inout NotesState, at index: Int) {
    state.notes[index].revision = state.nextRevision
    state.nextRevision += 1
    if index != 0 {
      let note = state.notes.remove(at: index)
      state.notes.insert(note, at: 0)
    }
  }

  static func normalizedNewlines(_ text: String) -> String {
    guard text.contains("\r") || text.contains("\r\n") else { return text }
    return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
  }

  static func move(
    _ cursor: String.Index, _ direction: NotesAction.Direction, in body: String
  ) -> String.Index {
    let lineStart =
      body[..<cursor].lastIndex(of: "\n").map { body.index(after: $0) } ?? body.startIndex
    let lineEnd = body[cursor...].firstIndex(of: "\n") ?? body.endIndex
    switch direction {
    case .left:
      return cursor > body.startIndex ? body.index(before: cursor) : cursor
    case .right:
      return cursor < body.endIndex ? body.index(after: cursor) : cursor
    case .lineStart:
      return lineStart
    case .lineEnd:
      return lineEnd
    case .up:
      guard lineStart > body.startIndex else { return body.startIndex }
      let column = body.distance(from: lineStart, to: cursor)
      let previousEnd = body.index(before: lineStart)
      let previousStart =
        body[..<previousEnd].lastIndex(of: "\n").map { body.index(after: $0) } ?? body.startIndex
      return body.index(previousStart, offsetBy: column, limitedBy: previousEnd) ?? previousEnd
    case .down:
      guard lineEnd < body.endIndex else { return body.endIndex }
      let column = body.distance(from: lineStart, to: cursor)
      let nextStart = body.index(after: lineEnd)
      let nextEnd = body[nextStart...].firstIndex(of: "\n") ?? body.endIndex
      return body.index(nextStart, offsetBy: column, limitedBy: nextEnd) ?? nextEnd
    }
  }
}

extension String {
  var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
