package import FeatureBridge
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
    /// The note editor the list presents: the inputs the list sends it, the outputs it hands
    /// back, its dismissal.
    case editor(PresentationAction<FeatureAction<NoteEditorInput, NoteEditorOutput>>)
  }

  /// Where the note editor's presentation actions sit among the notes' actions.
  static let editorPath = ActionPath<
    NotesAction, PresentationAction<FeatureAction<NoteEditorInput, NoteEditorOutput>>
  >(
    embed: { .internal(.editor($0)) },
    extract: { if case .internal(.editor(let action)) = $0 { action } else { nil } })

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

extension NotesAction.ViewAction {
  /// The key as one that edits any text (the search field, the new title), when it is one.
  var textKey: TextKey? {
    switch self {
    case .textInserted(let text): .inserted(text)
    case .newlineTapped: .newline
    case .backspaceTapped: .backspace
    case .deleteTapped: .delete
    case .deleteWordBackwardTapped: .deleteWordBackward
    case .deleteWordForwardTapped: .deleteWordForward
    case .cursorMoved(let direction): .moved(direction)
    default: nil
    }
  }
}

extension NotesAction.ViewAction {
  /// The view action of a key that edits any text.
  package init(_ key: TextKey) {
    switch key {
    case .inserted(let text): self = .textInserted(text)
    case .newline: self = .newlineTapped
    case .backspace: self = .backspaceTapped
    case .delete: self = .deleteTapped
    case .deleteWordBackward: self = .deleteWordBackwardTapped
    case .deleteWordForward: self = .deleteWordForwardTapped
    case .moved(let direction): self = .cursorMoved(direction)
    }
  }
}
