import FeatureBridge
package import StoreKernel

/// The note editor's logic: one open note, edited in place. The cursor is a UTF-8 offset, the
/// body a ``TextBuffer``, and every key reads only the text around the cursor: a keystroke in a
/// 10 MB note costs what it costs in a small one. A keystroke is one action in this store and
/// nothing else: the list hears the note when typing pauses (``NoteEditorOutput``).
package struct NoteEditorReducer: Reducer {
  @Dependency(\.notesAutosaveDelay) var reportDelay
  @Dependency(\.clock) var clock

  package init() {}

  package func reduce(
    into state: inout NoteEditorState, action: NoteEditorAction
  ) -> Effect<NoteEditorAction> {
    switch action {
    case .view(let action):
      return reduce(into: &state, view: action)
    case .input(let input):
      return reduce(into: &state, input: input)
    case .internal(.reportTimerFired):
      return reportTimerFired(&state)
    case .internal(.flush):
      return close(&state)
    case .delegate:
      return .none
    }
  }

  private func reduce(
    into state: inout NoteEditorState, view action: NoteEditorAction.ViewAction
  ) -> Effect<NoteEditorAction> {
    // What the last key said lasts until this one.
    if state.notice != nil { state.notice = nil }
    // Cuts gather while they follow each other (nano's Ctrl-K): any other key ends the run.
    if state.cutBufferIsOpen, action != .cutLineTapped, action != .copyLineTapped {
      state.cutBufferIsOpen = false
    }
    guard case .editing = state.mode else { return prompt(&state, action) }
    switch action {
    case .escapeTapped:
      return close(&state)
    case .exitTapped:
      guard state.changedSinceSave else { return close(&state) }
      state.mode = .askingToSave
      return .none
    case .saveTapped:
      return save(&state)
    case .writeOutTapped:
      state.mode = .writing(thenClose: false)
      return .none
    case .cancelTapped:
      state.notice = Self.position(of: state.cursor, in: state.note.text)
      return .none
    case .findTapped:
      state.mode = .finding(draft: "")
      state.fieldCursor = 0
      return .none
    case .findNextTapped:
      find(&state, draft: "", .newline)
      return .none
    case .replaceTapped:
      state.mode = .replacing(draft: "")
      state.fieldCursor = 0
      return .none
    case .goToLineTapped:
      state.mode = .goingToLine(draft: "")
      state.fieldCursor = 0
      return .none
    case .markTapped:
      state.mark = state.mark == nil ? state.cursor : nil
      state.notice = state.mark == nil ? "Mark Unset" : "Mark Set"
      return .none
    case .unboundKey(let name):
      state.notice = "Unbound key: \(name)"
      return .none
    case .text(.moved(let direction)):
      state.cursor = NotesReducer.move(state.cursor, direction, in: state.note.text)
      state.goalColumn = nil
      return .none
    case .homeTapped(let width):
      var layout = RowLayout(width: width)
      state.cursor = NotesReducer.home(from: state.cursor, in: state.note.text, layout: &layout)
      state.goalColumn = nil
      return .none
    case .endTapped(let width):
      var layout = RowLayout(width: width)
      state.cursor = NotesReducer.end(from: state.cursor, in: state.note.text, layout: &layout)
      state.goalColumn = nil
      return .none
    case .cursorMovedByRows(let rows, let width):
      var layout = RowLayout(width: width)
      let moved = NotesReducer.move(
        byRows: rows, from: state.cursor, goalColumn: state.goalColumn, in: state.note.text,
        layout: &layout)
      state.cursor = moved.offset
      state.goalColumn = moved.goalColumn
      return .none
    case .undoTapped:
      return undo(&state)
    case .redoTapped:
      return redo(&state)
    case .copyLineTapped:
      if let region = takeMarkedRegion(&state) {
        addToCutBuffer(&state, state.note.text.string(in: region))
        return .none
      }
      let line = NotesReducer.lineWithBreak(at: state.cursor, in: state.note.text)
      addToCutBuffer(&state, Self.cutText(of: line, in: state.note.text))
      state.cursor = line.upperBound
      state.goalColumn = nil
      return .none
    case .cutLineTapped:
      if let region = takeMarkedRegion(&state) {
        guard !region.isEmpty else { return .none }
        addToCutBuffer(&state, state.note.text.string(in: region))
        return apply((region, "", .other), to: &state)
      }
      let line = NotesReducer.lineWithBreak(at: state.cursor, in: state.note.text)
      guard !line.isEmpty else { return .none }
      addToCutBuffer(&state, Self.cutText(of: line, in: state.note.text))
      return apply((line, "", .other), to: &state)
    case .pasteCutTapped:
      guard !state.cutBuffer.isEmpty else { return .none }
      return apply((state.cursor..<state.cursor, state.cutBuffer, .other), to: &state)
    case .text(let key):
      guard let change = NotesReducer.change(for: key, in: state.note.text, at: state.cursor)
      else { return .none }
      return apply(change, to: &state)
    }
  }

  /// What Ctrl-K cuts and Alt-6 copies of `line`: the line with its line break, one added to
  /// the text's last line (as nano's cut of it brings a line end along), so that a paste puts
  /// it on a line of its own.
  private static func cutText(of line: Range<Int>, in text: TextBuffer) -> String {
    let cut = text.string(in: line)
    guard !cut.isEmpty, line.upperBound == text.utf8Count, !cut.hasSuffix("\n") else { return cut }
    return cut + "\n"
  }

  /// The text between the mark and the cursor, if the mark is set; the mark is unset then.
  private func takeMarkedRegion(_ state: inout NoteEditorState) -> Range<Int>? {
    guard let set = state.mark else { return nil }
    state.mark = nil
    let mark = min(set, state.note.text.utf8Count)
    return min(mark, state.cursor)..<max(mark, state.cursor)
  }

  private func reduce(
    into state: inout NoteEditorState, input: NoteEditorInput
  ) -> Effect<NoteEditorAction> {
    switch input {
    case .replaceText(let text):
      state.note.text = TextBuffer(NotesReducer.normalizedNewlines(text))
      return hostChanged(&state)
    case .appendText(let text):
      state.note.text.insert(
        NotesReducer.normalizedNewlines(text), at: state.note.text.utf8Count)
      return hostChanged(&state)
    case .rename(let title):
      state.note.title = title
      state.note.titleFollowsFirstLine = false
      return .none
    case .renumbered(let id):
      state.note.id = id
      return .none
    case .save:
      return save(&state)
    }
  }

  /// A host changed the text: the undo history's offsets no longer fit it, and the cursor
  /// stays where it was, on a character boundary.
  private func hostChanged(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    state.history = EditHistory()
    let text = state.note.text
    state.cursor = text.characterBoundary(atOrAfter: min(state.cursor, text.utf8Count))
    state.goalColumn = nil
    return bodyChanged(&state, editedFrom: nil)
  }

  /// Makes `change` to the note's text: the cursor goes after what it inserted, and undo can
  /// take it back.
  func apply(
    _ change: (range: Range<Int>, inserted: String, kind: TextEdit.Kind),
    to state: inout NoteEditorState
  ) -> Effect<NoteEditorAction> {
    let cursorBefore = state.cursor
    // In place through `inout`: a named copy of the note alive during the edit would make
    // every keystroke copy its chunk list (copy-on-write).
    let removed = state.note.text.replace(change.range, with: change.inserted)
    state.cursor = change.range.lowerBound + change.inserted.utf8.count
    state.goalColumn = nil
    // The mark stays on the text it was set on.
    if let mark = state.mark, mark > change.range.lowerBound {
      state.mark = max(
        change.range.lowerBound, mark - removed.utf8.count + change.inserted.utf8.count)
    }
    state.history.record(
      TextEdit(
        offset: change.range.lowerBound, removed: removed, inserted: change.inserted,
        cursorBefore: cursorBefore, kind: change.kind))
    return bodyChanged(&state, editedFrom: change.range.lowerBound)
  }

  func undo(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    guard let edit = state.history.undo.popLast() else { return .none }
    state.history.redo.append(edit)
    state.history.lastEditIsOpen = false
    state.note.text.replace(
      edit.offset..<(edit.offset + edit.inserted.utf8.count), with: edit.removed)
    state.cursor = edit.cursorBefore
    state.goalColumn = nil
    return bodyChanged(&state, editedFrom: nil)
  }

  func redo(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    guard let edit = state.history.redo.popLast() else { return .none }
    state.history.undo.append(edit)
    state.history.lastEditIsOpen = false
    state.note.text.replace(
      edit.offset..<(edit.offset + edit.removed.utf8.count), with: edit.inserted)
    state.cursor = edit.cursorAfter
    state.goalColumn = nil
    return bodyChanged(&state, editedFrom: nil)
  }

  /// Cut or copied `text` goes to the cut buffer: after what is there when the last key cut
  /// or copied too (nano gathers consecutive cuts), instead of it otherwise.
  func addToCutBuffer(_ state: inout NoteEditorState, _ text: String) {
    state.cutBuffer = state.cutBufferIsOpen ? state.cutBuffer + text : text
    state.cutBufferIsOpen = true
  }

  /// After the body changed: its title follows its first line if it does, and the list will
  /// be handed the note once typing pauses.
  ///
  /// - Parameter editedFrom: Where the edit began, if known. The title is taken from the
  ///   first `Note.titleLength * 4` bytes at most, and an edit that begins after them leaves
  ///   those bytes and the first line's end within them unchanged: the title is not derived
  ///   again (on every key of a long note it was most of a keystroke's cost).
  private func bodyChanged(
    _ state: inout NoteEditorState, editedFrom: Int?
  ) -> Effect<NoteEditorAction> {
    let titleMayChange = editedFrom.map { $0 <= Note.titleLength * 4 } ?? true
    if titleMayChange, state.note.titleFollowsFirstLine {
      let title = state.note.titleFromFirstLine
      if title != state.note.title { state.note.title = title }
    }
    let now = ClockMoment(clock.now)
    if state.unreported == nil {
      state.unreported = UnsavedEdits(at: now)
    } else {
      state.unreported?.last = now
    }
    guard !state.reportArmed else { return .none }
    return armReport(&state, after: reportDelay)
  }

  /// Ctrl-W's field: Enter finds the text in the note after the cursor (then from its start,
  /// as nano does), or the text last found when the field is empty; any other key edits the
  /// field.
  func find(_ state: inout NoteEditorState, draft: String, _ key: TextKey) {
    guard key == .newline else {
      var draft = draft
      if NotesReducer.editField(&draft, cursor: &state.fieldCursor, key) {
        state.mode = .finding(draft: draft)
      }
      return
    }
    state.mode = .editing
    let query = draft.isEmpty ? state.lastFind : draft
    guard !query.isEmpty else { return }
    state.lastFind = query
    let text = state.note.text
    let after =
      state.cursor < text.utf8Count ? text.characterBoundary(after: state.cursor) : text.utf8Count
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
}

extension UnsavedEdits {
  /// How much longer to wait before edits like these are due (`nil`: due now): `delay` after
  /// the last one, and no later than `maxWait` after the first.
  func wait(at now: ClockMoment, delay: Duration, maxWait: Duration) -> Duration? {
    let quiet = last.duration(to: now)
    let waited = first.duration(to: now)
    if quiet >= delay || waited >= maxWait { return nil }
    return min(delay - quiet, maxWait - waited)
  }
}
