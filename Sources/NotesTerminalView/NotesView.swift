package import FeatureBridge
package import NotesFeature
import StoreKernel
package import TerminalUI

/// The notes feature in a terminal: the list on the left, the selected note on the right (or
/// one of them on a narrow terminal), the search or rename field in the header, and a status
/// line that always names the mode.
///
/// A render draws only what it read through tracked reads of its view store (``Shown``): a
/// change to any of it, and only such a change, makes the renderer draw again, and there is no
/// render key to keep in step with what is drawn. The notes and the search's matches are read
/// by their stamps (`$notes`, `$filter`), so the view store compares one word for each after a
/// key and keeps no copy that would make the next edit of a note copy it; the small values are
/// one read (``Shown/Fields``). A frame lays out only the rows it shows (``EditorViewport``).
package final class NotesView: TerminalView {
  let store: ViewStore<NotesState, NotesAction.ViewAction>
  /// The open note's editor, a feature the list presents in a store of its own: its view store,
  /// made when the view first meets it. Keys go to it while it runs.
  private var openEditor: ViewStore<NoteEditorState, NoteEditorAction.ViewAction>?
  private var viewport = EditorViewport()
  /// The editor's and the list's size at the last render: what Up, Down and the page keys
  /// move by.
  private(set) var geometry = KeyGeometry()
  /// The body's rows as the last frame composed them: a row whose two parts are unchanged is
  /// not composed again (typing changes one row of a screenful).
  private var rowCache = RowCache(width: 0, split: false)
  let statusText = StatusText()
  /// The header and the list's rows as the last frame made them, with what they were made
  /// from: typing into the open note changes neither, and such a frame reads neither the notes
  /// nor the filter.
  private var headerMemo: (key: HeaderKey, line: String, cursor: (row: Int, column: Int)?)?
  private var listMemo: (key: ListKey, rows: [String])?
  package private(set) var cursor: (row: Int, column: Int)?

  package init(store: ViewStore<NotesState, NotesAction.ViewAction>) {
    self.store = store
  }

  /// Rows the editor has laid out since this view was made: bounded by the rows a frame
  /// shows, whatever the note's size.
  package var rowsLaidOut: Int { viewport.rowsLaidOut }

  package func handle(_ keys: [KeyPress]) -> Int {
    var used = 0
    while used < keys.count {
      let key = keys[used]
      // The open note's editor, while it runs: the list presents it exactly while its feature
      // runs (the list dismisses it, and so stops it, as it closes), and asks nothing meanwhile.
      var editor = runningEditor()
      var context: NotesState.KeyContext?
      if editor == nil {
        // Read only what decides the key's action (the mode, and the question the list asks,
        // nil nearly always): a copy of the whole state kept alive across `send` would force
        // the note being typed into to be copied on every keystroke.
        let listContext = store.peek(\.keyContext)
        context = listContext
        if listContext.isEditing, listContext.confirmation == nil { editor = editorStore() }
      }
      if let editor {
        // The open note's keys run in the editor's store alone.
        guard
          let action = Self.editorAction(
            for: key, mode: editor.peek(\.mode), geometry: geometry)
        else { break }
        // Page Up and Page Down move the view too, by as much, unless the cursor stayed (at the
        // note's top or end): no frame follows then, and a scroll kept for the next one would
        // undo the next page key's.
        var scroll = 0
        if case .cursorMovedByRows(let rows, _) = action, abs(rows) > 1 { scroll = rows }
        let cursorBefore = scroll == 0 ? nil : editor.peek(\.cursor)
        editor.send(action)
        if let cursorBefore, editor.peek(\.cursor) != cursorBefore {
          viewport.pendingScroll += scroll
        }
        used += 1
        continue
      }
      guard let context,
        var action = context.confirmation.map({ Self.answer(key, to: $0) })
          ?? Self.action(for: key, mode: context.mode, geometry: geometry)
      else { break }
      var taken = 1
      if context.confirmation == nil, case .text(.inserted(var text)) = action {
        // Text that arrived in one read (a paste the terminal did not bracket, or keys typed
        // while the app was busy) goes into the field at once: the same text, and one search
        // instead of one through every note per character.
        while used + taken < keys.count, let more = Self.typedText(keys[used + taken]) {
          text += more
          taken += 1
        }
        if taken > 1 { action = .text(.inserted(text)) }
      }
      store.send(action)
      used += taken
    }
    return used
  }

  /// The editor's view store while its feature runs, without asking the list.
  private func runningEditor() -> ViewStore<NoteEditorState, NoteEditorAction.ViewAction>? {
    guard let openEditor, openEditor.isFeatureRunning else { return nil }
    return openEditor
  }

  /// The view store of the editor the list presents now, if it presents one.
  private func editorStore() -> ViewStore<NoteEditorState, NoteEditorAction.ViewAction>? {
    if let openEditor, openEditor.isFeatureRunning { return openEditor }
    let feature: FeatureHandle<NoteEditorInput, NoteEditorOutput>? = store.presentedFeature(
      \.$editing)
    openEditor = feature?.viewStore(
      state: NoteEditorState.self, viewAction: NoteEditorAction.ViewAction.self)
    return openEditor
  }

  package func render(width: Int, height: Int) -> [String] {
    cursor = nil
    guard width > 0, height > 0 else { return [] }
    let state = Shown(store, editor: editorStore)
    var lines: [String] = []
    lines.reserveCapacity(height)
    lines.append(header(state, width: width))
    let bodyHeight = max(0, height - 2)
    let split = width >= 50
    let listWidth = split ? Self.listWidth(forWidth: width) : width
    let editorWidth = split ? width - listWidth - 3 : width
    let inNote = state.editor != nil
    let showList = split || !inNote
    let showEditor = split || inNote
    geometry = KeyGeometry(
      editorWidth: max(1, editorWidth), editorHeight: max(1, bodyHeight),
      listHeight: max(1, bodyHeight))
    let list = showList ? listRows(state, width: listWidth, height: bodyHeight) : []
    let editor = showEditor ? editor(state, width: editorWidth, height: bodyHeight) : nil
    let editorRows = editor?.rows ?? []
    // The cursor shows in the text, and on the match a replace asks about.
    let editorCursor: (row: Int, column: Int)? =
      switch state.editor?.mode {
      case .editing?, .confirmingReplace?, .askingToSave?, .writing?: editor?.cursor
      default: nil
      }
    // The rows are composed in a local cache, moved out of the view and back: a loop over a
    // stored property pays an exclusivity check per access.
    var rows = RowCache(width: width, split: split)
    if rowCache.width == width, rowCache.split == split { swap(&rows, &rowCache) }
    for row in 0..<bodyHeight {
      let left = row < list.count ? list[row] : ""
      let right = row < editorRows.count ? editorRows[row] : ""
      lines.append(
        rows.line(row, left: left, right: right) {
          split
            ? Self.splitRow(left: left, listWidth: listWidth, right: right)
            : TerminalText.fit(showList ? left : right, width: width)
        })
    }
    rowCache = rows
    if let editorCursor {
      cursor = (
        row: editorCursor.row + 1, column: editorCursor.column + (split ? listWidth + 3 : 0)
      )
    }
    if height > 1 { lines.append(statusLine(state, width: width)) }
    return Array(lines.prefix(height))
  }

  /// A row of the split screen: the list's part padded to its width, the divider, the
  /// editor's part; built in one buffer.
  private static func splitRow(left: String, listWidth: Int, right: String) -> String {
    var bytes = Array(TerminalText.fit(left, width: listWidth, pad: true).utf8)
    bytes.reserveCapacity(bytes.count + 5 + right.utf8.count)
    bytes.append(contentsOf: " │ ".utf8)
    bytes.append(contentsOf: right.utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The list's columns beside the editor: a third of the screen up to 32, and a quarter on
  /// wide screens, up to a whole title (60 characters and the marker).
  static func listWidth(forWidth width: Int) -> Int {
    min(max(min(32, width / 3), width / 4), Note.titleLength + 2)
  }

  /// The title line; while searching or renaming, the field, with the terminal cursor in it.
  private func header(_ state: Shown, width: Int) -> String {
    let key = HeaderKey(
      notesStamp: state.notesStamp, filterStamp: state.filterStamp, mode: state.mode,
      searchText: state.searchText, fieldCursor: state.fieldCursor,
      editorMode: state.editor?.mode, editorFieldCursor: state.editor?.fieldCursor, width: width)
    if let headerMemo, headerMemo.key == key {
      cursor = headerMemo.cursor
      return headerMemo.line
    }
    let line = makeHeader(state, width: width)
    headerMemo = (key, line, cursor)
    return line
  }

  private func makeHeader(_ state: Shown, width: Int) -> String {
    // With a filter on, how many notes it shows of how many there are.
    let count = state.notes.count
    let title =
      state.filter.map { "Notes (\($0.matches.count) of \(count))" } ?? "Notes (\(count))"
    let field: (label: String, text: String)
    var fieldCursor = state.fieldCursor
    switch (state.mode, state.editor?.mode) {
    case (_, .finding(let draft)?):
      field = ("find", draft)
      fieldCursor = state.editor?.fieldCursor ?? 0
    case (_, .replacing(let draft)?):
      field = ("Search (to replace)", draft)
      fieldCursor = state.editor?.fieldCursor ?? 0
    case (_, .replacingWith(_, let draft)?):
      field = ("Replace with", draft)
      fieldCursor = state.editor?.fieldCursor ?? 0
    case (_, .goingToLine(let draft)?):
      field = ("Enter line number, column number", draft)
      fieldCursor = state.editor?.fieldCursor ?? 0
    case (.searching, _): field = ("search", state.searchText)
    case (.renaming(let draft), _): field = ("rename", draft)
    case (.browsing, _):
      let filter = state.searchText.isEmpty ? "" : "   filter: \(state.searchText)"
      return TerminalText.fit(title + filter, width: width)
    }
    let prefix = "\(title)   \(field.label): "
    let prefixWidth = TerminalText.width(of: prefix)
    let cursorIndex = field.text.utf8.index(
      field.text.utf8.startIndex, offsetBy: min(fieldCursor, field.text.utf8.count))
    // Keep the cursor on screen: of a field too long for the line, show the characters just
    // before the cursor that fit, found from the cursor back (a pasted field may be many
    // kilobytes; measuring what is left after each dropped character was quadratic).
    let head = field.text[..<cursorIndex]
    var start = head.endIndex
    var beforeWidth = 0
    while start > head.startIndex {
      let previous = head.index(before: start)
      let characterWidth = TerminalText.width(of: head[previous])
      guard prefixWidth + beforeWidth + characterWidth < width else { break }
      beforeWidth += characterWidth
      start = previous
    }
    let before = head[start...]
    let shown = before + field.text[cursorIndex...]
    cursor = (row: 0, column: prefixWidth + beforeWidth)
    return TerminalText.fit(prefix + shown, width: width)
  }

  private func listRows(_ state: Shown, width: Int, height: Int) -> [String] {
    let key = ListKey(
      notesStamp: state.notesStamp, filterStamp: state.filterStamp, selectedID: state.selectedID,
      openID: state.editor?.note.id, openTitle: state.editor?.note.title, width: width,
      height: height)
    if let listMemo, listMemo.key == key { return listMemo.rows }
    let rows = makeListRows(state, width: width, height: height)
    listMemo = (key, rows)
    return rows
  }

  private func makeListRows(_ state: Shown, width: Int, height: Int) -> [String] {
    // The visible notes are counted and the selected one found in one pass over the list,
    // without a copy of it or of their positions (10,000 notes, a search on every key).
    let notes = state.notes
    let filter = state.filter
    var count = 0
    var selected = 0
    for index in notes.indices {
      // By index, never a copy of a note (three reference counts each).
      let id = notes[index].id
      guard filter?.matches.contains(id) ?? true else { continue }
      if id == state.selectedID { selected = count }
      count += 1
    }
    if count == 0 {
      if notes.isEmpty, state.isLoading { return ["Loading the notes…"] }
      return [notes.isEmpty ? "No notes: n to create one" : "No note matches"]
    }
    let first = max(0, min(selected - height / 2, count - height))
    var rows: [String] = []
    rows.reserveCapacity(min(count, max(0, height)))
    var position = 0
    for index in notes.indices where rows.count < height {
      let id = notes[index].id
      guard filter?.matches.contains(id) ?? true else { continue }
      defer { position += 1 }
      guard position >= first else { continue }
      let marker = id == state.selectedID ? "▸ " : "  "
      // The open note's title as its editor has it now: the list hears it when typing pauses.
      let title =
        id == state.editor?.note.id ? state.editor?.note.title ?? "" : notes[index].title
      rows.append(marker + TerminalText.fit(Self.tabsExpanded(title), width: max(0, width - 2)))
    }
    return rows
  }

  /// `title` with each tab as the spaces to the next tab stop, as the editor shows a tab (a
  /// title pasted from a table keeps its gaps instead of showing `^I`).
  static func tabsExpanded(_ title: String) -> String {
    guard title.utf8.contains(0x09) else { return title }
    var expanded = ""
    var column = 0
    for character in title {
      guard character == "\t" else {
        expanded.append(character)
        column += TerminalText.width(of: character)
        continue
      }
      let spaces = RowLayout.tabWidth - column % RowLayout.tabWidth
      expanded += String(repeating: " ", count: spaces)
      column += spaces
    }
    return expanded
  }

  /// The open note's rows around its cursor (the selected note's, while none is open), and
  /// where the cursor is among them.
  private func editor(
    _ state: Shown, width: Int, height: Int
  ) -> (rows: [String], cursor: (row: Int, column: Int))? {
    guard width > 0, height > 0 else { return nil }
    if let open = state.editor {
      return viewport.frame(
        of: open.note.text, noteID: open.note.id, cursor: open.cursor, width: width,
        height: height)
    }
    guard let note = state.selectedNote else { return nil }
    return viewport.frame(
      of: note.text, noteID: note.id, cursor: state.cursor, width: width, height: height)
  }
}

/// What the notes view's header is made from.
struct HeaderKey: Equatable {
  let notesStamp: Stamped<[Note]>.Stamp
  let filterStamp: Stamped<NoteFilter?>.Stamp
  let mode: NotesState.Mode
  let searchText: String
  let fieldCursor: Int
  let editorMode: NoteEditorState.Mode?
  let editorFieldCursor: Int?
  let width: Int
}

/// What the notes view's list rows are made from.
struct ListKey: Equatable {
  let notesStamp: Stamped<[Note]>.Stamp
  let filterStamp: Stamped<NoteFilter?>.Stamp
  let selectedID: Int?
  /// The open note's id and title, as its editor has them.
  let openID: Int?
  let openTitle: String?
  let width: Int
  let height: Int
}

/// The sizes the keys that move by rows or pages need, from the last render.
struct KeyGeometry: Equatable {
  var editorWidth = 80
  var editorHeight = 20
  var listHeight = 20
}

/// The body rows a ``NotesView`` composed last, by row, with the parts they were made from.
///
/// `Sendable` plain value.
struct RowCache {
  let width: Int
  let split: Bool
  private var rows: [(left: String, right: String, line: String)?] = []

  init(width: Int, split: Bool) {
    self.width = width
    self.split = split
  }

  /// Row `row` made of `left` and `right`: the line composed for the same parts last time, or
  /// `compose()`'s, kept for next time.
  mutating func line(_ row: Int, left: String, right: String, compose: () -> String) -> String {
    if row < rows.count, let cached = rows[row], cached.left == left, cached.right == right {
      return cached.line
    }
    let line = compose()
    while rows.count <= row { rows.append(nil) }
    rows[row] = (left, right, line)
    return line
  }
}
