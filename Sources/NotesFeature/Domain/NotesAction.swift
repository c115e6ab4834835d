import FeatureBridge
package import StoreKernel

/// Everything the notes store handles, split into view, internal and delegate actions.
package enum NotesAction: BoundaryAction, Equatable {
  /// Where a cursor moves: by character, by word, to the line's ends, to the text's ends.
  package enum Direction: Sendable, Equatable {
    case left, right, wordLeft, wordRight, lineStart, lineEnd, textStart, textEnd
  }

  package enum ViewAction: Sendable, Equatable {
    case createNoteTapped
    case deleteSelectedTapped
    case undoDeleteTapped
    case selectNext
    case selectPrevious
    /// Page Up and Page Down in the list: the selection moves this many notes (up when
    /// negative), stopping at the ends.
    case selectionMoved(by: Int)
    case selectFirst
    case selectLast
    case editTapped
    case searchTapped
    case renameTapped
    /// One keystroke or a whole paste: inserted into the field being edited.
    case textInserted(String)
    case newlineTapped
    case backspaceTapped
    case deleteTapped
    /// Alt-Backspace, Ctrl-Backspace: deletes back to the start of the word before the cursor.
    case deleteWordBackwardTapped
    /// Ctrl-Delete: deletes on to the start of the next word.
    case deleteWordForwardTapped
    case cursorMoved(Direction)
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
    /// Ctrl-W while editing, as in nano: asks for text to find in the note.
    case findTapped
    case escapeTapped
    case saveTapped
    /// The answer to the question the list asks (``NotesState/confirmation``): one of its
    /// buttons' actions, or `.dismiss` for its cancel button, Esc or `n`.
    case confirmation(PresentationAction<Confirmation>)
  }

  /// What a button of the list's confirmation dialog does.
  package enum Confirmation: Sendable, Equatable {
    /// Deletes the note with this id.
    case deleteNote(id: Int)
  }

  package enum InternalAction: Sendable, Equatable {
    case loadRequested
    case loaded(LoadedNotes)
    case loadFailed(NotesStorageError)
    case autosaveTimerFired
    case saveFinished(editCount: Int)
    case saveFailed(NotesStorageError)
    /// Sent when the feature stops: save what is unsaved, or keep it in a recovery file.
    case flush
    case unsavedKept(path: String)
    case keepingUnsavedFailed(NotesStorageError)
  }

  case input(NotesInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(NotesOutput)

  package var output: NotesOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }

  package static var didStart: NotesAction? { .internal(.loadRequested) }
  /// The load ends, and inputs that name or make notes wait for it: a host's `settle()` waits
  /// for it too.
  package static var startWorkEnds: Bool { true }
  package static var willStop: NotesAction? { .internal(.flush) }
}
