/// One change to a note's text, as undo and redo need it: where, what was removed, what was
/// inserted, and where the cursor was. Its size is the size of the change, not of the note.
package struct TextEdit: Equatable, Sendable {
  /// What made the edit; only edits of the same kind, continuing each other, merge.
  package enum Kind: Equatable, Sendable {
    /// Typed characters, one key at a time.
    case typing
    /// Backspace, one character at a time.
    case backspace
    /// Delete, one character at a time.
    case delete
    /// Anything else (a paste, a word delete): never merged.
    case other
  }

  package var offset: Int
  package var removed: String
  package var inserted: String
  package var cursorBefore: Int
  package var kind: Kind

  package init(
    offset: Int, removed: String = "", inserted: String = "", cursorBefore: Int,
    kind: Kind = .other
  ) {
    self.offset = offset
    self.removed = removed
    self.inserted = inserted
    self.cursorBefore = cursorBefore
    self.kind = kind
  }

  /// Where the cursor is after the edit.
  package var cursorAfter: Int { offset + inserted.utf8.count }
}

/// A note's undo and redo stacks. Typing is grouped by word: characters typed one after the
/// other extend the last edit until a word starts after a space or a line break, so undo takes
/// back a word (with the spaces after it) at a time. A run of Backspaces, or of Deletes, is one
/// edit. As deep as the user goes; its memory is the size of the edits.
package struct EditHistory: Equatable, Sendable {
  package var undo: [TextEdit] = []
  package var redo: [TextEdit] = []
  /// Whether the next edit may extend the last one (not right after an undo or redo).
  package var lastEditIsOpen = false

  package init(undo: [TextEdit] = [], redo: [TextEdit] = [], lastEditIsOpen: Bool = false) {
    self.undo = undo
    self.redo = redo
    self.lastEditIsOpen = lastEditIsOpen
  }

  /// Records `edit`, merged into the last edit when it continues it; clears the redo stack.
  package mutating func record(_ edit: TextEdit) {
    if !redo.isEmpty { redo = [] }
    defer { lastEditIsOpen = true }
    guard lastEditIsOpen, let index = undo.indices.last, undo[index].kind == edit.kind else {
      undo.append(edit)
      return
    }
    // Merged in place: a copy of the last edit would copy its text on every key of a word.
    switch edit.kind {
    case .typing
    where edit.offset == undo[index].cursorAfter && !Self.startsAWord(edit, after: undo[index]):
      undo[index].inserted += edit.inserted
    case .backspace where edit.offset + edit.removed.utf8.count == undo[index].offset:
      undo[index].removed = edit.removed + undo[index].removed
      undo[index].offset = edit.offset
    case .delete where edit.offset == undo[index].offset:
      undo[index].removed += edit.removed
    default:
      undo.append(edit)
    }
  }

  /// Whether typing `edit` after `last` starts a new word: a non-space after a space.
  private static func startsAWord(_ edit: TextEdit, after last: TextEdit) -> Bool {
    guard let previous = last.inserted.last, let next = edit.inserted.first else { return false }
    return isWhitespace(previous) && !isWhitespace(next)
  }

  /// `Character.isWhitespace`, answered without a Unicode property lookup for ASCII (a typed
  /// key is almost always ASCII, and this runs on every key).
  private static func isWhitespace(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return character.isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
  }
}
