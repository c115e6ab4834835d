package import FeatureBridge
import StoreKernel

/// The note editor's state: one open note, in a store of its own. The list that presents it
/// holds only what it presented it with (``NoteEditing``).
package struct NoteEditorState: Equatable, Sendable {
  package enum Mode: Equatable, Sendable {
    /// Typing in the note's body.
    case editing
    /// Typing the text to find in the note (Ctrl-W).
    case finding(draft: String)
    /// nano's "File Name to Write" (Ctrl-O, or `y` to Ctrl-X's question): Enter saves, and
    /// closes the editor when `thenClose`; Ctrl-C cancels.
    case writing(thenClose: Bool)
    /// nano's "Save modified buffer?" (Ctrl-X after a change): `y` asks to write, `n` leaves
    /// without the changes (undone, so redo brings them back), Ctrl-C cancels.
    case askingToSave
    /// Typing the text to replace (Ctrl-\).
    case replacing(draft: String)
    /// Typing what replaces `query`.
    case replacingWith(query: String, draft: String)
    /// nano's "Replace this instance?" for the match at the cursor: `y`, `n`, `a` (all),
    /// Ctrl-C to stop.
    case confirmingReplace(Replacement)
    /// Typing nano's "line number, column number" (Ctrl-_).
    case goingToLine(draft: String)
  }

  /// A replace under way: what it looks for and puts in, how many it replaced, and where it
  /// began (it goes on to the text's end, then from the top back to there, as nano's does).
  package struct Replacement: Equatable, Sendable {
    package var query: String
    package var replacement: String
    package var count = 0
    package var origin: Int
    /// Whether it went past the text's end and on from the top.
    package var wrapped = false
    /// Whether it met a match at all ("not found" otherwise).
    package var found = false
  }

  /// The open note. Stamped: a view tracks it by its stamp (`$note`), never by keeping and
  /// comparing a 10 MB text.
  @Stamped package var note: Note
  /// The cursor in the body, as a UTF-8 offset on a character boundary.
  package var cursor: Int
  /// The display column Up and Down keep while they move through rows of different lengths;
  /// `nil` until the first of them, and after any other key.
  package var goalColumn: Int?
  package var mode: Mode = .editing
  /// The cursor in the find field, as a UTF-8 offset.
  package var fieldCursor = 0
  package var history: EditHistory
  package var cutBuffer: String
  /// Whether the last key cut or copied a line: the next cut or copy adds to the buffer.
  package var cutBufferIsOpen = false
  package var lastFind: String
  /// What the last key did when it has something to say ("Search wrapped"), until the next key.
  package var notice: String?
  /// When the edits not yet handed to the list began and when the last was made, by the
  /// feature's clock; `nil` while the list has every edit.
  package var unreported: UnsavedEdits?
  /// Whether the timer that hands the edits over when typing pauses is armed.
  package var reportArmed = false
  /// How many undo steps the history had, and the last of them, when the note was opened or
  /// last saved with Ctrl-S or Ctrl-O (the autosave does not count): Ctrl-X asks when the
  /// history moved from there, and its `n` undoes back to there.
  package var savedUndoDepth: Int
  package var savedLastEdit: TextEdit?
  /// Where the mark is (Alt-A, Ctrl-6): with it set, Ctrl-K cuts and Alt-6 copies the text
  /// between it and the cursor.
  package var mark: Int?

  /// Which opening of the editor this is (``NoteEditing/id``).
  package let presentation: Int

  package init(_ editing: NoteEditing) {
    presentation = editing.id
    _note = Stamped(wrappedValue: editing.note)
    cursor = min(editing.cursor, editing.note.text.utf8Count)
    history = editing.history
    // The edits from here on are this opening's own: none extends one from before.
    history.lastEditIsOpen = false
    savedUndoDepth = editing.history.undo.count
    savedLastEdit = editing.history.undo.last
    cutBuffer = editing.cutBuffer
    lastFind = editing.lastFind
  }

  /// nano's "modified": whether the text changed since the note was opened or last saved with
  /// Ctrl-S or Ctrl-O. Every edit adds an undo step or changes the last one (none extends one
  /// from before the save), and undo and redo move through them, so the history tells.
  package var changedSinceSave: Bool {
    history.undo.count != savedUndoDepth || history.undo.last != savedLastEdit
  }

  /// Whether the note has edits the list has not been handed yet.
  package var hasUnreportedEdits: Bool { unreported != nil }

  /// The note as it stands, to hand to the list.
  package var editing: NoteEditing {
    NoteEditing(
      id: presentation, note: note, cursor: cursor, history: history, cutBuffer: cutBuffer,
      lastFind: lastFind)
  }
}

/// Everything the note editor's store handles, split into view, internal and delegate actions.
package enum NoteEditorAction: BoundaryAction, Equatable {
  package enum ViewAction: Sendable, Equatable {
    /// A key that edits the text at the cursor (`textInserted("a")`, `backspaceTapped`, …:
    /// ``TextKeyAction``).
    case text(TextKey)
    /// Up and Down (one row), Page Up and Page Down (a screenful): by rows of the editor as it
    /// is shown, `width` columns wide, keeping the display column.
    case cursorMovedByRows(Int, width: Int)
    case undoTapped
    case redoTapped
    /// Ctrl-K, as in nano: cuts the cursor's line, line break included, into the cut buffer;
    /// cuts one after another gather their lines there.
    case cutLineTapped
    /// Alt-6, as in nano: copies the cursor's line into the cut buffer and moves to the next.
    case copyLineTapped
    /// Ctrl-U, as in nano: pastes the cut buffer at the cursor.
    case pasteCutTapped
    /// Ctrl-W, as in nano: asks for text to find in the note.
    case findTapped
    /// Esc: leaves a find, or closes the editor.
    case escapeTapped
    /// Ctrl-S: the note is saved now.
    case saveTapped
    /// Ctrl-O, as in nano: asks "File Name to Write"; Enter saves.
    case writeOutTapped
    /// Ctrl-X, as in nano: closes the editor, asking first when the text changed since it was
    /// opened or saved.
    case exitTapped
    /// Ctrl-C, as in nano: cancels a prompt; in the text, shows where the cursor is.
    case cancelTapped
    /// Home (Ctrl-A) and End (Ctrl-E), as nano's with soft wrapping: to the screen row's start
    /// or end, `width` columns wide, and from there to the line's.
    case homeTapped(width: Int)
    case endTapped(width: Int)
    /// Alt-A, Ctrl-6: sets the mark at the cursor, or unsets it.
    case markTapped
    /// Ctrl-\: asks for text to replace, what to replace it with, then about each match.
    case replaceTapped
    /// Ctrl-_: asks for a line (and column) to go to.
    case goToLineTapped
    /// Alt-W: finds the text last found again, after the cursor.
    case findNextTapped
    /// A key the editor has no use for, by nano's name for it (`^]`, `M-J`): the status line
    /// says so.
    case unboundKey(String)
  }

  package enum InternalAction: Sendable, Equatable {
    /// The timer armed by an edit fired: hand the edits over, or wait until they are due.
    case reportTimerFired
    /// Sent when the feature stops: the list gets what the editor holds.
    case flush
  }

  case input(NoteEditorInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(NoteEditorOutput)

  package var output: NoteEditorOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }

  package static var willStop: NoteEditorAction? { .internal(.flush) }
}

extension NoteEditorAction.ViewAction: TextKeyAction {}

/// A key that edits any text, the note's body or a one-line field: what the editor and the
/// list's fields share.
///
/// `Sendable` plain value.
package enum TextKey: Equatable, Sendable {
  /// One keystroke or a whole paste, inserted at the cursor.
  case inserted(String)
  case newline
  case backspace
  case delete
  /// Alt-Backspace, Ctrl-Backspace: deletes back to the start of the word before the cursor.
  case deleteWordBackward
  /// Ctrl-Delete: deletes on to the start of the next word.
  case deleteWordForward
  case moved(NotesAction.Direction)
}

/// A view action that carries a ``TextKey`` (`case text(TextKey)`), named by the key it is:
/// `.textInserted("a")` is `.text(.inserted("a"))`, in the list's fields and in the editor alike.
package protocol TextKeyAction {
  /// The action of `key`.
  static func text(_ key: TextKey) -> Self
}

extension TextKeyAction {
  package static func textInserted(_ text: String) -> Self { .text(.inserted(text)) }
  package static var newlineTapped: Self { .text(.newline) }
  package static var backspaceTapped: Self { .text(.backspace) }
  package static var deleteTapped: Self { .text(.delete) }
  package static var deleteWordBackwardTapped: Self { .text(.deleteWordBackward) }
  package static var deleteWordForwardTapped: Self { .text(.deleteWordForward) }
  package static func cursorMoved(_ direction: NotesAction.Direction) -> Self {
    .text(.moved(direction))
  }
}
