/// What the notes list presents the note editor with, and what the editor hands back: the note
/// as it stands, where the cursor is, the note's undo and redo, and what the editor's cut and
/// find keys carry from one note to the next. A value the list owns; the editor's own state
/// stays in the editor's store.
///
/// `Sendable` plain value.
package struct NoteEditing: Equatable, Identifiable, Sendable {
  /// Which opening of the editor this is: each opening is a new editor, with a store of its
  /// own, even on the same note.
  package var id: Int
  package var note: Note
  /// The cursor in the note's body, as a UTF-8 offset on a character boundary.
  package var cursor: Int
  package var history: EditHistory
  /// What Ctrl-K cut and Alt-6 copied, for Ctrl-U to paste: one buffer for every note.
  package var cutBuffer: String
  /// The text last found (Ctrl-W), found again when the next find is left empty.
  package var lastFind: String

  package init(
    id: Int = 1, note: Note, cursor: Int, history: EditHistory = EditHistory(),
    cutBuffer: String = "", lastFind: String = ""
  ) {
    self.id = id
    self.note = note
    self.cursor = cursor
    self.history = history
    self.cutBuffer = cutBuffer
    self.lastFind = lastFind
  }
}

/// What the notes list tells the note it presents: changes a host makes to the open note
/// through the notes' inputs, and requests for what the editor holds.
///
/// `Sendable` plain value.
package enum NoteEditorInput: Equatable, Sendable {
  /// A host replaced the note's text: its undo history no longer fits and is dropped.
  case replaceText(String)
  /// A host added text at the note's end: its undo history no longer fits and is dropped.
  case appendText(String)
  /// A host renamed the note: its title no longer follows its first line.
  case rename(String)
  /// The notes finished loading and gave the note, made before they did, this id.
  case renumbered(Int)
  /// A host asked for a save: the editor hands over the note as it stands now
  /// (``NoteEditorOutput/saveRequested(_:edited:)``).
  case save
}

/// What the note editor tells the list that presents it. Never one output per keystroke: the
/// list's store hears the note when typing pauses, on a save, and when the editor closes.
///
/// `Sendable` plain value.
package enum NoteEditorOutput: Equatable, Sendable {
  /// Typing paused for the autosave delay (or went on for five of them): the note as it
  /// stands, to keep and save.
  case changed(NoteEditing)
  /// Ctrl-S, or a host's save: the note as it stands, to save now. `edited` says whether it
  /// changed since the editor last handed it over.
  case saveRequested(NoteEditing, edited: Bool)
  /// The editor closed (Esc, or its feature stopping): the note as it stands, to keep.
  /// `edited` says whether it changed since the editor last handed it over.
  case closed(NoteEditing, edited: Bool)
  /// The editor closed on Ctrl-X's `n`: the note as it was when opened or last saved, its
  /// changes undone (redo brings them back).
  case discarded(NoteEditing)
}
