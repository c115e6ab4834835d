import NotesFeature

/// The rows of the selected note the editor shows, and where its cursor is among them.
///
/// What it keeps between frames is the note, the width, the offset of the top row, and the rows
/// the last frame showed with their text. A frame lays out the rows on screen, the row the
/// cursor is on, and (in a line longer than ``RowLayout/sectionLength``) the section those
/// start in: never the note. Scrolling is as little as keeps the cursor on screen, except Page
/// Up and Page Down, which move the view by the rows the cursor moved.
///
/// Rows the text's last edit did not touch are kept, not laid out and drawn again: the text
/// says which revision that edit was made to and where (``TextBuffer/lastEdit``), and every row
/// of a line outside it is the same, moved by what the edit added or removed. A key typed into
/// a screenful of text lays out the rows of the one line it changed.
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
  /// The rows the last frame showed, with their text, and the revision they were laid out in.
  private var shown: [ShownRow] = []
  /// The text of each of `shown`, as the last frame returned it.
  private var shownTexts: [String] = []
  /// The height of the last frame.
  private var shownHeight = 0
  private var shownRevision: Int?
  /// Whether rows are kept between frames (a test compares a viewport that keeps none).
  private let keepsRows: Bool

  /// - Parameter keepsRows: Whether frames keep the rows an edit did not touch.
  init(keepsRows: Bool = true) {
    self.keepsRows = keepsRows
  }

  /// The shown rows of `text` at `width` × `height`, scrolled so that `cursor` is on screen,
  /// and the cursor's row (among them) and column.
  mutating func frame(
    of text: TextBuffer, noteID: Int, cursor: Int, width: Int, height: Int
  ) -> (rows: [String], cursor: (row: Int, column: Int)) {
    var layout = RowLayout(width: width)
    defer { rowsLaidOut += layout.rowsLaidOut }
    let sameView = noteID == self.noteID && width == self.width
    if sameView, height == shownHeight,
      let frame = frameAfterOneRowEdit(of: text, cursor: cursor, layout: &layout)
    {
      return frame
    }
    let kept = sameView && keepsRows ? keptRows(in: text) : KeptRows()
    func row(containing offset: Int) -> RowLayout.Row {
      kept.row(containing: offset) ?? layout.row(containing: offset, in: text)
    }
    let cursorRow = row(containing: cursor)
    // A note or width seen for the first time, or a text that shrank past the top row (a long
    // paste undone), shows the cursor with as much as fits above it.
    var topRow =
      sameView && top <= text.utf8Count
      ? row(containing: top)
      : layout.rows(before: cursorRow, count: height - 1, in: text).first ?? cursorRow
    let scrolledDown = pendingScroll > 0
    if pendingScroll > 0 {
      topRow = layout.rows(from: topRow, count: pendingScroll + 1, in: text).last ?? topRow
    } else if pendingScroll < 0 {
      topRow = layout.rows(before: topRow, count: -pendingScroll, in: text).first ?? topRow
    }
    pendingScroll = 0
    if cursorRow.start < topRow.start { topRow = cursorRow }
    var rows = self.rows(from: topRow, count: height, kept: kept, layout: &layout, in: text)
    if !rows.contains(cursorRow) {
      let above = layout.rows(before: cursorRow, count: height - 1, in: text)
      topRow = above.first ?? cursorRow
      rows = above + [cursorRow]
    }
    if rows.count < height, let last = rows.last {
      rows += self.rows(
        from: last, count: height - rows.count + 1, kept: kept, layout: &layout, in: text
      ).dropFirst()
    }
    if scrolledDown, rows.count < height, let first = rows.first {
      // Page Down went past the note's end: show its last screenful, not its last lines and
      // an empty screen below them.
      rows = layout.rows(before: first, count: height - rows.count, in: text) + rows
      topRow = rows[0]
    }
    self.noteID = noteID
    self.width = width
    top = topRow.start
    let shownRows = rows.map { row in
      if let keptRow = kept.entry(startingAt: row.start), keptRow.row == row { return keptRow }
      return ShownRow(row: row, text: layout.rendered(row, in: text))
    }
    shown = shownRows
    shownTexts = shownRows.map(\.text)
    shownHeight = height
    shownRevision = text.revision
    let index = rows.firstIndex(of: cursorRow) ?? 0
    let column = layout.column(of: cursor, on: cursorRow, in: text)
    return (shownTexts, (index, column))
  }

  /// The frame of a keystroke, nearly always: the last frame's rows again, when the text is
  /// the same or its one edit since stayed inside a line that was, and still is, one whole row
  /// (a short line), and the cursor is on one of the rows. Only the edited row is laid out;
  /// the rows after it move by what the edit added or removed. `nil` when the frame needs
  /// ``frame(of:noteID:cursor:width:height:)``'s general path (a page key, a line that wraps,
  /// a line break typed or removed, the cursor off screen).
  private mutating func frameAfterOneRowEdit(
    of text: TextBuffer, cursor: Int, layout: inout RowLayout
  ) -> (rows: [String], cursor: (row: Int, column: Int))? {
    guard keepsRows, pendingScroll == 0, let shownRevision, !shown.isEmpty else { return nil }
    if text.revision != shownRevision {
      guard let edit = text.lastEdit, edit.previousRevision == shownRevision,
        let index = Self.index(of: edit.offset, in: shown)
      else { return nil }
      let old = shown[index].row
      // A whole line: its segment is not a later section of a long line (the byte before it,
      // which the edit did not touch, is a line break).
      guard old.isWholeLine, edit.offset + edit.removed <= old.end,
        old.start == 0 || text.byte(at: old.start - 1) == 0x0A
      else { return nil }
      let delta = edit.inserted - edit.removed
      let new = layout.row(containing: old.start, in: text)
      guard new.isWholeLine, new.start == old.start, new.end == old.end + delta else {
        return nil
      }
      let newText = layout.rendered(new, in: text)
      shown[index] = ShownRow(row: new, text: newText)
      shownTexts[index] = newText
      if delta != 0 {
        for later in (index + 1)..<shown.count { shown[later].row.move(by: delta) }
      }
      self.shownRevision = text.revision
    }
    guard let cursorIndex = Self.index(of: cursor, in: shown) else { return nil }
    let column = layout.column(of: cursor, on: shown[cursorIndex].row, in: text)
    return (shownTexts, (cursorIndex, column))
  }

  /// The index of the row `offset` is on, among `rows` (in order), if it is on one.
  private static func index(of offset: Int, in rows: [ShownRow]) -> Int? {
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].row.start <= offset { low = middle + 1 } else { high = middle }
    }
    // The last row starting at or before it (an empty row after a full one starts where that
    // one ends: the later of the two).
    guard low > 0, rows[low - 1].row.contains(offset) else { return nil }
    return low - 1
  }

  /// `row` and up to `count - 1` rows after it, taken from `kept` where it has them.
  private func rows(
    from row: RowLayout.Row, count: Int, kept: KeptRows,
    layout: inout RowLayout, in text: TextBuffer
  ) -> [RowLayout.Row] {
    var rows = [row]
    while rows.count < count, let last = rows.last {
      let segment = last.segment
      let next: RowLayout.Row?
      if last.end < segment.end || (!last.ownsEnd && segment.endsLine) {
        // The next row of the same segment.
        next =
          kept.entry(startingAt: last.end).flatMap { $0.row.segment == segment ? $0.row : nil }
          ?? layout.row(after: last, in: text)
      } else if segment.end < text.utf8Count {
        // The first row of the next segment.
        let start = segment.endsLine ? segment.end + 1 : segment.end
        next =
          kept.entry(startingAt: start).flatMap { $0.row.segment.start == start ? $0.row : nil }
          ?? layout.row(after: last, in: text)
      } else {
        next = nil
      }
      guard let next else { break }
      rows.append(next)
    }
    return rows
  }

  /// The rows of the last frame that are rows of `text` too, by their start: all of them when
  /// the text has not changed; after one edit, those of the lines it did not touch (moved by
  /// what it inserted less what it removed); none otherwise.
  private func keptRows(in text: TextBuffer) -> KeptRows {
    guard let shownRevision else { return KeptRows() }
    if text.revision == shownRevision { return KeptRows(shown) }
    guard let edit = text.lastEdit, edit.previousRevision == shownRevision else {
      return KeptRows()
    }
    var kept = KeptRows()
    let editedLineStart = text.lineStart(at: edit.offset)
    let removedEnd = edit.offset + edit.removed
    let delta = edit.inserted - edit.removed
    for entry in shown {
      let segment = entry.row.segment
      if segment.end < editedLineStart {
        // A line before the edited one.
        kept.entries.append(entry)
      } else if segment.start > removedEnd, text.byte(at: segment.start + delta - 1) == 0x0A {
        // A line after it, whose line break before it the edit did not touch (the first
        // section of a line, when it is long: the others start where the line's start says).
        var row = entry.row
        row.move(by: delta)
        kept.entries.append(ShownRow(row: row, text: entry.text))
      }
    }
    return kept
  }
}

extension RowLayout.Row {
  /// Whether the row is all of its segment, and its end (it did not fill the row), the
  /// segment ending its line: a whole line, unless the segment is a long line's last section.
  fileprivate var isWholeLine: Bool {
    start == segment.start && end == segment.end && ownsEnd && segment.endsLine
  }

  /// The same row of a text in which `delta` bytes were added (or removed) before it.
  fileprivate mutating func move(by delta: Int) {
    start += delta
    end += delta
    segment.start += delta
    segment.end += delta
  }
}

/// A row a frame showed, and its text.
///
/// `Sendable` plain value.
struct ShownRow {
  var row: RowLayout.Row
  var text: String
}

/// Rows of an earlier frame that are rows of the text now, in order, each with its text.
///
/// `Sendable` plain value.
struct KeptRows {
  /// By start, ascending (a frame's rows are in order, and an edit moves those after it alike).
  var entries: [ShownRow] = []

  init(_ entries: [ShownRow] = []) {
    self.entries = entries
  }

  /// The kept row that starts at `start` (an empty row after a full one starts where that one
  /// ends: the later of the two).
  func entry(startingAt start: Int) -> ShownRow? {
    let index = firstIndex(startingAfter: start)
    guard index > 0, entries[index - 1].row.start == start else { return nil }
    return entries[index - 1]
  }

  /// The kept row `offset` is on.
  func row(containing offset: Int) -> RowLayout.Row? {
    let index = firstIndex(startingAfter: offset)
    guard index > 0, entries[index - 1].row.contains(offset) else { return nil }
    return entries[index - 1].row
  }

  /// The index of the first entry starting after `offset`.
  private func firstIndex(startingAfter offset: Int) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].row.start <= offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
