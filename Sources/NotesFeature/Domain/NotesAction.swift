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
    /// A key that edits the field being typed (`textInserted("a")`, `backspaceTapped`, …:
    /// ``TextKeyAction``).
    case text(TextKey)
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
    /// The autosave's deadline came (``NotesReducer/markEdited(_:)``).
    case autosaveDue
    case saveFinished(editCount: Int)
    case saveFailed(NotesStorageError)
    /// Sent when the feature stops: save what is unsaved, or keep it in a recovery file.
    case flush
    /// The unsaved notes, as of `editCount`, are in the recovery file at `path`.
    case unsavedKept(path: String, editCount: Int)
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

extension NotesAction.ViewAction: TextKeyAction {}
