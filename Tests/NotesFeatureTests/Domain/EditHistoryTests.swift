import Testing

@testable import NotesFeature

/// How edits are grouped for undo.
@Suite struct EditHistoryTests {
  func typing(_ text: String, at offset: Int) -> [TextEdit] {
    var offset = offset
    return text.map { character in
      defer { offset += character.utf8.count }
      return TextEdit(
        offset: offset, inserted: String(character), cursorBefore: offset, kind: .typing)
    }
  }

  @Test func typingIsGroupedByWordWithTheSpacesAfterIt() {
    var history = EditHistory()
    for edit in typing("hello  wörld\nnext", at: 0) { history.record(edit) }
    #expect(history.undo.map(\.inserted) == ["hello  ", "wörld\n", "next"])
    #expect(history.undo.map(\.offset) == [0, 7, 14])
    #expect(history.undo.map(\.cursorBefore) == [0, 7, 14])
  }

  @Test func typingSomewhereElseStartsANewEdit() {
    var history = EditHistory()
    for edit in typing("ab", at: 0) + typing("cd", at: 10) { history.record(edit) }
    #expect(history.undo.map(\.inserted) == ["ab", "cd"])
  }

  @Test func aRunOfBackspacesIsOneEditAndSoIsARunOfDeletes() {
    var history = EditHistory()
    history.record(TextEdit(offset: 9, removed: "c", cursorBefore: 10, kind: .backspace))
    history.record(TextEdit(offset: 6, removed: "日", cursorBefore: 9, kind: .backspace))
    history.record(TextEdit(offset: 3, removed: "x", cursorBefore: 3, kind: .delete))
    history.record(TextEdit(offset: 3, removed: "y", cursorBefore: 3, kind: .delete))
    #expect(
      history.undo == [
        TextEdit(offset: 6, removed: "日c", cursorBefore: 10, kind: .backspace),
        TextEdit(offset: 3, removed: "xy", cursorBefore: 3, kind: .delete),
      ])
  }

  @Test func pastesAndWordDeletesAreNeverMerged() {
    var history = EditHistory()
    history.record(TextEdit(offset: 0, inserted: "pasted", cursorBefore: 0))
    history.record(TextEdit(offset: 6, inserted: " more", cursorBefore: 6))
    history.record(TextEdit(offset: 11, inserted: "x", cursorBefore: 11, kind: .typing))
    #expect(history.undo.map(\.inserted) == ["pasted", " more", "x"])
  }

  @Test func anEditClearsRedoAndAnEditAfterUndoIsNotMergedIntoAnOlderOne() {
    var history = EditHistory(
      undo: typing("a", at: 0),
      redo: [TextEdit(offset: 1, inserted: "b", cursorBefore: 1, kind: .typing)])
    // Right after an undo (the last edit is closed), typing on is a new edit.
    history.record(TextEdit(offset: 1, inserted: "c", cursorBefore: 1, kind: .typing))
    #expect(history.redo.isEmpty)
    #expect(history.undo.map(\.inserted) == ["a", "c"])
  }
}
