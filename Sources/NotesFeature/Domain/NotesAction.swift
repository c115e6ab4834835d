import FeatureBridge

/// Everything the notes store handles, split into view, internal and delegate actions.
package enum NotesAction: BoundaryAction, Equatable {
  package enum Direction: Sendable, Equatable {
    case left, right, up, down, lineStart, lineEnd
  }

  package enum ViewAction: Sendable, Equatable {
    case createNoteTapped
    case deleteSelectedTapped
    case undoDeleteTapped
    case selectNext
    case selectPrevious
    case editTapped
    case searchTapped
    case renameTapped
    /// One keystroke or a whole paste: inserted into the field being edited.
    case textInserted(String)
    case newlineTapped
    case backspaceTapped
    case deleteTapped
    case cursorMoved(Direction)
    case escapeTapped
    case saveTapped
  }

  package enum InternalAction: Sendable, Equatable {
    case loadRequested
    case loaded(LoadedNotes)
    case loadFailed(NotesStorageError)
    case autosaveTimerFired(editCount: Int)
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
