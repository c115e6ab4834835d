import NotesFeature

/// The rows of the selected note the editor shows, and where its cursor is among them.
///
/// What it keeps between frames is only the note, the width and the offset of the top row, so
/// a frame lays out the rows on screen, the row the cursor is on, and (in a line longer than
/// ``RowLayout/sectionLength``) the section those start in: never the note. Scrolling is as
/// little as keeps the cursor on screen, except Page Up and Page Down, which move the view by
/// the rows the cursor moved.
///
/// Not `Sendable`: view state, confined to the view's actor.
struct EditorViewport {
  private var noteID: Int?
  private var width = 0
  private var top = 0
  /// Rows to move the view by at the next frame (Page Up and Page Down).
  var pendingScroll = 0
  /// Every row laid out by this viewport, for tests that check a frame's work stays bounded.
  private(set) var rowsLaidOut = 0

  /// The shown rows of `text` at `width` × `height`, scrolled so that `cursor` is on screen,
  /// and the cursor's row (among them) and column.
  mutating func frame(
    of text: TextBuffer, noteID: Int, cursor: Int, width: Int, height: Int
  ) -> (rows: [String], cursor: (row: Int, column: Int)) {
    var layout = RowLayout(width: width)
    defer { rowsLaidOut += layout.rowsLaidOut }
    let cursorRow = layout.row(containing: cursor, in: text)
    // A note or width seen for the first time shows the cursor with as much as fits above it.
    var topRow =
      noteID == self.noteID && width == self.width
      ? layout.row(containing: min(top, text.utf8Count), in: text)
      : layout.rows(before: cursorRow, count: height - 1, in: text).first ?? cursorRow
    if pendingScroll > 0 {
      topRow = layout.rows(from: topRow, count: pendingScroll + 1, in: text).last ?? topRow
    } else if pendingScroll < 0 {
      topRow = layout.rows(before: topRow, count: -pendingScroll, in: text).first ?? topRow
    }
    pendingScroll = 0
    if cursorRow.start < topRow.start { topRow = cursorRow }
    var rows = layout.rows(from: topRow, count: height, in: text)
    if !rows.contains(cursorRow) {
      let above = layout.rows(before: cursorRow, count: height - 1, in: text)
      topRow = above.first ?? cursorRow
      rows = above + [cursorRow]
    }
    if rows.count < height, let last = rows.last {
      rows += layout.rows(from: last, count: height - rows.count + 1, in: text).dropFirst()
    }
    self.noteID = noteID
    self.width = width
    top = topRow.start
    let row = rows.firstIndex(of: cursorRow) ?? 0
    let column = layout.column(of: cursor, on: cursorRow, in: text)
    return (rows.map { layout.rendered($0, in: text) }, (row, column))
  }
}
