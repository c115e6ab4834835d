import StoreKernel

/// Text editing the list and the note editor share: what an editing key changes, where the
/// cursor moves. The cursor is a UTF-8 offset, the body a ``TextBuffer`` edited in place, and
/// every key reads only the text around the cursor: a keystroke in a 10 MB note costs what it
/// costs in a small one.
extension NotesReducer {
  /// An editing key in the list: it edits the field being typed, if any.
  func edit(_ state: inout NotesState, _ key: TextKey) -> Effect<NotesAction> {
    switch state.mode {
    case .browsing:
      return .none
    case .searching:
      editSearch(&state, key)
      return .none
    case .renaming(let draft):
      return editTitle(&state, draft: draft, key)
    }
  }

  /// The line `offset` is on, with its line break when it has one: what Ctrl-K cuts and
  /// Alt-6 copies.
  static func lineWithBreak(at offset: Int, in text: TextBuffer) -> Range<Int> {
    let end = text.lineEnd(at: offset)
    return text.lineStart(at: offset)..<(end < text.utf8Count ? end + 1 : end)
  }

  /// A text change an editing key makes at `cursor`: the range it replaces and the text it
  /// puts there; `nil` when the key changes nothing.
  static func change(
    for key: TextKey, in text: TextBuffer, at cursor: Int
  ) -> (range: Range<Int>, inserted: String, kind: TextEdit.Kind)? {
    switch key {
    case .inserted(let typed):
      let inserted = normalizedNewlines(typed)
      guard !inserted.isEmpty else { return nil }
      return (cursor..<cursor, inserted, inserted.count == 1 ? .typing : .other)
    case .newline:
      return (cursor..<cursor, "\n", .typing)
    case .backspace:
      guard cursor > 0 else { return nil }
      return (text.characterBoundary(before: cursor)..<cursor, "", .backspace)
    case .delete:
      guard cursor < text.utf8Count else { return nil }
      return (cursor..<text.characterBoundary(after: cursor), "", .delete)
    // As in nano, a word delete stays on its line: at the line's start (or end) it removes the
    // line break alone, never the word on the other side of it.
    case .deleteWordBackward:
      guard cursor > 0 else { return nil }
      let lineStart = text.lineStart(at: cursor)
      if lineStart == cursor { return (cursor - 1..<cursor, "", .other) }
      let start = max(text.wordStart(before: cursor), lineStart)
      return start < cursor ? (start..<cursor, "", .other) : nil
    case .deleteWordForward:
      guard cursor < text.utf8Count else { return nil }
      let lineEnd = text.lineEnd(at: cursor)
      if lineEnd == cursor { return (cursor..<cursor + 1, "", .other) }
      let end = min(text.wordStart(after: cursor), lineEnd)
      return cursor < end ? (cursor..<end, "", .other) : nil
    case .moved:
      return nil
    }
  }

  /// After the body changed: its title follows its first line if it does, it becomes the
  /// newest note, and the change will be saved.
  ///
  /// - Parameter editedFrom: Where the edit began, if known. The title is taken from the
  ///   first `Note.titleLength * 4` bytes at most, and an edit that begins after them leaves
  ///   those bytes and the first line's end within them unchanged: the title is not derived
  ///   again (on every key of a long note it was most of a keystroke's cost).
  func bodyChanged(
    _ state: inout NotesState, at index: Int, editedFrom: Int? = nil
  ) -> Effect<NotesAction> {
    let titleMayChange = editedFrom.map { $0 <= Note.titleLength * 4 } ?? true
    if titleMayChange, state.notes[index].titleFollowsFirstLine {
      let title = state.notes[index].titleFromFirstLine
      if title != state.notes[index].title { state.notes[index].title = title }
    }
    touch(&state, at: index)
    return markEdited(&state)
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

  /// Where the cursor goes from `cursor` in `direction`.
  static func move(
    _ cursor: Int, _ direction: NotesAction.Direction, in text: TextBuffer
  ) -> Int {
    switch direction {
    case .left: text.characterBoundary(before: cursor)
    case .right: cursor < text.utf8Count ? text.characterBoundary(after: cursor) : cursor
    case .wordLeft: text.wordStart(before: cursor)
    case .wordRight: text.wordStart(after: cursor)
    case .lineStart: text.lineStart(at: cursor)
    case .lineEnd: text.lineEnd(at: cursor)
    case .textStart: 0
    case .textEnd: text.utf8Count
    }
  }

  /// Moves `rows` rows down (up when negative) as the text is shown by `layout`, keeping the
  /// display column `goalColumn` (the cursor's own when `nil`). Down on the last row and Up on
  /// the first stay put, as nano's do. Lays out only the rows it passes (and, in a long line,
  /// the section it starts in).
  static func move(
    byRows rows: Int, from cursor: Int, goalColumn: Int?, in text: TextBuffer,
    layout: inout RowLayout
  ) -> (offset: Int, goalColumn: Int) {
    let current = layout.row(containing: cursor, in: text)
    let goal = goalColumn ?? layout.column(of: cursor, on: current, in: text)
    var target = current
    if rows > 0 {
      var moved = 0
      while moved < rows, let next = layout.row(after: target, in: text) {
        target = next
        moved += 1
      }
      if moved == 0 { return (cursor, goal) }
    } else if rows < 0 {
      guard let farthest = layout.rows(before: current, count: -rows, in: text).first else {
        return (cursor, goal)
      }
      target = farthest
    }
    return (layout.offset(atColumn: goal, on: target, in: text), goal)
  }

  /// Home, as nano's with soft wrapping: to the start of the screen row the cursor is on, or,
  /// when it is there already, to the start of the line.
  static func home(from cursor: Int, in text: TextBuffer, layout: inout RowLayout) -> Int {
    let row = layout.row(containing: cursor, in: text)
    return cursor == row.start ? text.lineStart(at: cursor) : row.start
  }

  /// End, as nano's with soft wrapping: to the last character of the screen row the cursor is
  /// on (the place after it is the next row's), or, when it is there already or the row ends
  /// the line, to the end of the line.
  static func end(from cursor: Int, in text: TextBuffer, layout: inout RowLayout) -> Int {
    let row = layout.row(containing: cursor, in: text)
    let rowEnd = row.ownsEnd ? row.end : text.characterBoundary(before: row.end)
    return cursor == rowEnd ? text.lineEnd(at: cursor) : rowEnd
  }
}
