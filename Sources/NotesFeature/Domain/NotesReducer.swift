import FeatureBridge
package import StoreKernel

/// The notes feature's logic. Shared steps (touching a note, arming the autosave, saving) are
/// methods, never extra actions (seed 001): a keystroke is exactly one action.
package struct NotesReducer: Reducer {
  @Dependency(\.notesStorage) var storage
  @Dependency(\.notesAutosaveDelay) var autosaveDelay
  @Dependency(\.clock) var clock

  package init() {}

  package func reduce(into state: inout NotesState, action: NotesAction) -> Effect<NotesAction> {
    switch action {
    case .view(let action):
      return reduce(into: &state, view: action)
    case .input(.save):
      return save(&state)
    case .input(.search(let text)):
      state.searchText = text
      keepSelectionVisible(&state)
      return .none
    case .internal(let action):
      return reduce(into: &state, internal: action)
    case .delegate:
      return .none
    }
  }

  private func reduce(
    into state: inout NotesState, view action: NotesAction.ViewAction
  ) -> Effect<NotesAction> {
    switch action {
    case .createNoteTapped:
      return createNote(&state, title: "Untitled \(state.nextID)")
    case .deleteSelectedTapped:
      guard let index = state.selectedIndex else { return .none }
      let note = state.notes.remove(at: index)
      state.lastDeleted = .init(note: note, index: index)
      state.mode = .browsing
      let visible = state.visibleNotes
      state.selectedID = (visible.first { $0.revision < note.revision } ?? visible.last)?.id
      state.cursor = state.selectedNote?.body.utf8.count ?? 0
      state.status = "Deleted “\(note.title)”: u to undo"
      return .merge(noteCountChanged(state), markEdited(&state))
    case .undoDeleteTapped:
      guard let deleted = state.lastDeleted else { return .none }
      state.lastDeleted = nil
      state.notes.insert(deleted.note, at: min(deleted.index, state.notes.count))
      state.selectedID = deleted.note.id
      state.cursor = deleted.note.body.utf8.count
      state.status = "Restored “\(deleted.note.title)”"
      return .merge(noteCountChanged(state), markEdited(&state))
    case .selectNext, .selectPrevious:
      let visible = state.visibleNotes
      guard !visible.isEmpty else { return .none }
      let current = visible.firstIndex { $0.id == state.selectedID }
      let step = action == .selectNext ? 1 : -1
      let next = current.map { min(max($0 + step, 0), visible.count - 1) } ?? 0
      state.selectedID = visible[next].id
      state.cursor = visible[next].body.utf8.count
      return .none
    case .editTapped:
      guard let note = state.selectedNote else { return .none }
      state.mode = .editing
      state.cursor = min(state.cursor, note.body.utf8.count)
      return .none
    case .searchTapped:
      state.mode = .searching
      return .none
    case .renameTapped:
      guard let note = state.selectedNote else { return .none }
      state.mode = .renaming(draft: note.title)
      return .none
    case .escapeTapped:
      // Esc leaves a search and clears its text; pressed again while browsing with a kept
      // filter, it clears the filter too.
      if state.mode == .searching || state.mode == .browsing {
        state.searchText = ""
        keepSelectionVisible(&state)
      }
      state.mode = .browsing
      return .none
    case .saveTapped:
      return save(&state)
    case .textInserted, .newlineTapped, .backspaceTapped, .deleteTapped, .cursorMoved:
      return edit(&state, action)
    }
  }

  private func reduce(
    into state: inout NotesState, internal action: NotesAction.InternalAction
  ) -> Effect<NotesAction> {
    switch action {
    case .loadRequested:
      let storage = storage
      return .run { send in
        let loaded = try await storage.loadNotes()
        await send(.internal(.loaded(loaded)))
      } catch: { error, send in
        let failure =
          error as? NotesStorageError
          ?? .unreadable(path: storage.location, reason: "\(error)")
        await send(.internal(.loadFailed(failure)))
      }
    case .loaded(let loaded):
      mergeLoaded(loaded.document.notes, into: &state)
      state.loadStatus = .loaded
      var effects: [Effect<NotesAction>] = []
      if let refusal = loaded.writeRefusal {
        state.canSave = false
        state.status = refusal.description
        effects.append(.send(.delegate(.storageError(refusal.description))))
      }
      effects.append(restore(loaded.recovered, into: &state))
      effects.append(noteCountChanged(state))
      effects.append(saveRequestedWhileLoading(&state))
      return .merge(effects)
    case .loadFailed(let error):
      state.loadStatus = .failed(error.description)
      if case .unreadable = error { state.canSave = false }
      state.status = error.description
      return .merge(
        .send(.delegate(.storageError(error.description))), noteCountChanged(state),
        saveRequestedWhileLoading(&state))
    case .autosaveTimerFired(let editCount):
      guard state.autosaveArmed else { return .none }
      if editCount == state.editCount {
        state.autosaveArmed = false
        return save(&state)
      }
      return armAutosave(&state)
    case .saveFinished(let editCount):
      state.savesInFlight -= 1
      state.savedEditCount = max(state.savedEditCount, editCount)
      state.status = state.hasUnsavedChanges ? nil : "Saved"
      if editCount >= state.restoredAtEditCount { state.restoredRecoveries = [] }
      return .send(.delegate(.saved(noteCount: state.notes.count)))
    case .saveFailed(let error):
      state.savesInFlight -= 1
      state.status = error.description
      return .send(.delegate(.storageError(error.description)))
    case .flush:
      guard state.hasUnsavedChanges else { return .none }
      state.autosaveArmed = false
      return .merge(.cancel(id: CancelID.autosaveTimer), finalSave(&state))
    case .unsavedKept(let path):
      state.keptUnsavedAt = path
      state.status = "Could not save; unsaved notes kept in \(path)"
      return .send(.delegate(.unsavedChangesKept(path: path)))
    case .keepingUnsavedFailed(let error):
      state.status = error.description
      return .send(.delegate(.unsavedChangesLost(reason: error.description)))
    }
  }

  // MARK: - Shared steps

  private enum CancelID: Hashable, Sendable { case autosaveTimer }

  func createNote(_ state: inout NotesState, title: String) -> Effect<NotesAction> {
    let note = Note(id: state.nextID, title: title, revision: state.nextRevision)
    state.nextID += 1
    state.nextRevision += 1
    state.notes.insert(note, at: 0)
    state.selectedID = note.id
    state.cursor = 0
    state.mode = .editing
    state.searchText = ""
    state.status = nil
    return .merge(noteCountChanged(state), markEdited(&state))
  }

  /// Records an unsaved change and makes sure an autosave will follow once typing pauses.
  func markEdited(_ state: inout NotesState) -> Effect<NotesAction> {
    state.editCount += 1
    guard !state.autosaveArmed else { return .none }
    return armAutosave(&state)
  }

  /// A debounce without an effect per keystroke: one timer per quiet period. When it fires,
  /// it saves if nothing changed since it was armed, and re-arms otherwise.
  private func armAutosave(_ state: inout NotesState) -> Effect<NotesAction> {
    state.autosaveArmed = true
    let editCount = state.editCount
    let clock = clock
    let delay = autosaveDelay
    return .run { send in
      try await clock.sleep(for: delay)
      await send(.internal(.autosaveTimerFired(editCount: editCount)))
    }
    .cancellable(id: CancelID.autosaveTimer, cancelInFlight: true)
  }

  func save(_ state: inout NotesState) -> Effect<NotesAction> {
    // Until the file is loaded, a save would replace it with only the notes made since.
    guard state.loadStatus != .loading else {
      state.saveRequestedWhileLoading = true
      return .none
    }
    guard state.canSave else {
      state.status = "Not saved: the notes file could not be read, so it is left untouched"
      return .none
    }
    state.savesInFlight += 1
    let document = NotesDocument(notes: state.notes)
    let editCount = state.editCount
    let storage = storage
    let saved = savedRecoveries(state)
    return .run { send in
      try await storage.save(document, editCount)
      // In the same effect as the save, so a stop right after it cannot skip the removal.
      if !saved.isEmpty { await storage.removeRecoveries(saved) }
      await send(.internal(.saveFinished(editCount: editCount)))
    } catch: { error, send in
      let failure =
        error as? NotesStorageError
        ?? .writeFailed(path: storage.location, reason: "\(error)")
      await send(.internal(.saveFailed(failure)))
    }
  }

  /// The save when the feature stops: nothing may be lost, so what cannot be saved is kept in
  /// a recovery file, within the same effect (the stop waits for it).
  private func finalSave(_ state: inout NotesState) -> Effect<NotesAction> {
    let document = NotesDocument(notes: state.notes)
    let storage = storage
    guard state.canSave, state.loadStatus != .loading else {
      // The file must not be written (or is not loaded yet: saving would replace it with only
      // the notes made since): keep everything in a recovery file instead.
      return .run { send in
        await keepUnsaved(document, in: storage, send: send)
      }
    }
    state.savesInFlight += 1
    let editCount = state.editCount
    let saved = savedRecoveries(state)
    return .run { send in
      do throws(NotesStorageError) {
        try await storage.save(document, editCount)
        if !saved.isEmpty { await storage.removeRecoveries(saved) }
        await send(.internal(.saveFinished(editCount: editCount)))
      } catch {
        await send(.internal(.saveFailed(error)))
        await keepUnsaved(document, in: storage, send: send)
      }
    }
  }

  private func keepUnsaved(
    _ document: NotesDocument, in storage: NotesStorage, send: Send<NotesAction>
  ) async {
    do throws(NotesStorageError) {
      let path = try await storage.keepUnsaved(document)
      await send(.internal(.unsavedKept(path: path)))
    } catch {
      await send(.internal(.keepingUnsavedFailed(error)))
    }
  }

  /// Adds the notes of earlier runs' recovery files that are not in the list already, as new
  /// notes marked "(recovered)"; they are saved with the next save, which then removes the
  /// recovery files.
  private func restore(
    _ recovered: [RecoveryFiles.Found], into state: inout NotesState
  ) -> Effect<NotesAction> {
    guard !recovered.isEmpty else { return .none }
    let paths = recovered.map(\.path)
    var restored = 0
    for found in recovered {
      for note in found.document.notes
      where !state.notes.contains(where: { $0.title == note.title && $0.body == note.body }) {
        let title = note.title.hasSuffix(" (recovered)") ? note.title : note.title + " (recovered)"
        state.notes.insert(
          Note(id: state.nextID, title: title, body: note.body, revision: state.nextRevision),
          at: 0)
        state.nextID += 1
        state.nextRevision += 1
        restored += 1
      }
    }
    guard restored > 0 else {
      // Everything in them is already saved.
      let storage = storage
      return .run { _ in await storage.removeRecoveries(paths) }
    }
    state.selectedID = state.notes.first?.id
    state.cursor = state.notes.first?.body.utf8.count ?? 0
    state.restoredRecoveries = paths
    let files = paths.count == 1 ? paths[0] : "\(paths[0]) and \(paths.count - 1) more"
    state.status =
      "Restored \(restored) unsaved note\(restored == 1 ? "" : "s") from \(files)"
    let edited = markEdited(&state)
    state.restoredAtEditCount = state.editCount
    return edited
  }

  /// The restored recovery files a save of the current state makes redundant.
  private func savedRecoveries(_ state: NotesState) -> [String] {
    state.editCount >= state.restoredAtEditCount ? state.restoredRecoveries : []
  }

  private func saveRequestedWhileLoading(_ state: inout NotesState) -> Effect<NotesAction> {
    guard state.saveRequestedWhileLoading else { return .none }
    state.saveRequestedWhileLoading = false
    return save(&state)
  }

  private func noteCountChanged(_ state: NotesState) -> Effect<NotesAction> {
    .send(.delegate(.noteCountChanged(state.notes.count)))
  }

  private func keepSelectionVisible(_ state: inout NotesState) {
    let visible = state.visibleNotes
    if !visible.contains(where: { $0.id == state.selectedID }) {
      state.selectedID = visible.first?.id
      state.cursor = visible.first?.body.utf8.count ?? 0
    }
  }

  /// Notes created before the file finished loading are kept, ahead of the loaded ones.
  private func mergeLoaded(_ loaded: [Note], into state: inout NotesState) {
    var nextID = (loaded.map(\.id).max() ?? 0) + 1
    var revision = (loaded.map(\.revision).max() ?? 0) + 1
    var early: [Note] = []
    for var note in state.notes.reversed() {
      let oldID = note.id
      note.id = nextID
      note.revision = revision
      nextID += 1
      revision += 1
      if state.selectedID == oldID { state.selectedID = note.id }
      early.insert(note, at: 0)
    }
    state.notes = early + loaded.sorted { $0.revision > $1.revision }
    state.nextID = nextID
    state.nextRevision = revision
    if state.selectedID == nil { state.selectedID = state.notes.first?.id }
  }
}
