import StoreKernel

/// Undo and redo of the selected note's edits (Alt-U and Alt-E, as in nano).
extension NotesReducer {
  func undo(_ state: inout NotesState, at index: Int) -> Effect<NotesAction> {
    let id = state.notes[index].id
    guard let edit = state.history[id]?.undo.popLast() else { return .none }
    state.history[id]?.redo.append(edit)
    state.history[id]?.lastEditIsOpen = false
    state.notes[index].text.replace(
      edit.offset..<(edit.offset + edit.inserted.utf8.count), with: edit.removed)
    state.cursor = edit.cursorBefore
    state.goalColumn = nil
    return bodyChanged(&state, at: index)
  }

  func redo(_ state: inout NotesState, at index: Int) -> Effect<NotesAction> {
    let id = state.notes[index].id
    guard let edit = state.history[id]?.redo.popLast() else { return .none }
    state.history[id]?.undo.append(edit)
    state.history[id]?.lastEditIsOpen = false
    state.notes[index].text.replace(
      edit.offset..<(edit.offset + edit.removed.utf8.count), with: edit.inserted)
    state.cursor = edit.cursorAfter
    state.goalColumn = nil
    return bodyChanged(&state, at: index)
  }
}
