import FeatureBridge
import StoreKernel

/// Loading, saving, and keeping what cannot be saved: the storage side of the notes' logic.
extension NotesReducer {
  func reduce(
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
      let newIDs = mergeLoaded(loaded.document.notes, into: &state)
      state.loadStatus = .loaded
      if state.filter != nil {
        state.filter = nil
        refilter(&state)
      }
      state.fileFields = loaded.document.unknownFields
      var effects: [Effect<NotesAction>] = []
      if let refusal = loaded.writeRefusal {
        state.writeRefusal = refusal
        state.status = refusal.summary
        effects.append(.send(.delegate(.storageError(refusal.description))))
      }
      for problem in loaded.problems {
        effects.append(.send(.delegate(.storageError(problem.description))))
      }
      effects.append(renumberOpenNote(newIDs, in: &state))
      effects.append(restore(loaded.recovered, into: &state))
      effects.append(noteCountChanged(state))
      effects.append(saveRequestedWhileLoading(&state))
      effects.append(replayInputsWaitingForLoad(&state))
      effects.append(flushRequestedWhileLoading(&state))
      return .merge(effects)
    case .loadFailed(let error):
      state.loadStatus = .failed(error.description)
      if error.refusesWriting { state.writeRefusal = error }
      state.status = error.summary
      return .merge(
        .send(.delegate(.storageError(error.description))), noteCountChanged(state),
        saveRequestedWhileLoading(&state), replayInputsWaitingForLoad(&state),
        flushRequestedWhileLoading(&state))
    case .autosaveDue:
      return autosaveDue(&state)
    case .saveFinished(let editCount):
      state.savesInFlight -= 1
      state.savedEditCount = max(state.savedEditCount, editCount)
      state.status = state.hasUnsavedChanges ? nil : Self.savedStatus
      if editCount >= state.restoredAtEditCount { state.restoredRecoveries = [] }
      return .send(.delegate(.saved(noteCount: state.notes.count)))
    case .saveFailed(let error):
      state.savesInFlight -= 1
      state.status = error.summary
      let reported = Effect<NotesAction>.send(.delegate(.storageError(error.description)))
      // A file that must not be written is not tried again by every autosave; what the save
      // would have written goes to a recovery file now.
      guard error.refusesWriting else { return reported }
      state.writeRefusal = error
      return .merge(reported, keepUnsaved(&state))
    case .flush:
      // Until the notes are loaded, what to save is not known (inputs wait for the load, and
      // saving now would replace the file with only the notes made since): flush once loaded.
      guard state.loadStatus != .loading else {
        state.flushRequestedWhileLoading = true
        return .none
      }
      return flush(&state)
    case .unsavedKept(let path, let editCount):
      state.keepingUnsaved = false
      let storage = storage
      // A file that finished after a newer one (kept while the stop's file was written)
      // holds nothing that one lacks.
      guard editCount >= state.keptEditCount || state.keptUnsavedAt == nil else {
        return .run { _ in await storage.removeRecoveries([path]) }
      }
      // The stop's keep leaves the file before to be removed here: one still being written
      // when it began was not known to it.
      let earlier =
        state.isStopping ? state.keptUnsavedAt.flatMap { $0 == path ? nil : [$0] } ?? [] : []
      state.keptUnsavedAt = path
      state.keptEditCount = editCount
      if editCount >= state.restoredAtEditCount { state.restoredRecoveries = [] }
      if let refusal = state.writeRefusal, !state.isStopping {
        state.status = Self.keptStatus(refusal, path)
      } else {
        state.status = "Could not save; unsaved notes kept in \(path)"
      }
      var kept = Effect<NotesAction>.send(.delegate(.unsavedChangesKept(path: path)))
      if !earlier.isEmpty {
        kept = kept.merge(with: .run { _ in await storage.removeRecoveries(earlier) })
      }
      guard state.keepAgain else { return kept }
      state.keepAgain = false
      return .merge(kept, keepUnsaved(&state))
    case .keepingUnsavedFailed(let error):
      state.keepingUnsaved = false
      state.keepAgain = false
      state.status = error.description
      // While the feature runs the notes are still here, and the next save tries again: lost
      // only when the stop could not keep them.
      guard state.isStopping else { return .send(.delegate(.storageError(error.description))) }
      return .send(.delegate(.unsavedChangesLost(reason: error.description)))
    case .editor(let action):
      return reduce(into: &state, editor: action)
    }
  }

  func save(_ state: inout NotesState) -> Effect<NotesAction> {
    // Until the file is loaded, a save would replace it with only the notes made since.
    guard state.loadStatus != .loading else {
      state.saveRequestedWhileLoading = true
      return .none
    }
    // This save (or its refusal) answers every edit so far: the autosave times the next ones.
    let autosave = stopAutosave(&state)
    if let refusal = state.writeRefusal {
      // Reported like a failed save, with the reason the load gave (a host waiting for the
      // save's result hears one; a host that keeps the load's report shows it once); what it
      // would have saved goes to a recovery file now, not only when the feature stops.
      let keep = keepUnsaved(&state)
      state.status = refusal.summary
      // Nothing new to keep: the status line still says where the notes are.
      if let path = state.keptUnsavedAt, !state.keepingUnsaved,
        state.keptEditCount == state.editCount
      {
        state.status = Self.keptStatus(refusal, path)
      }
      return .merge(autosave, .send(.delegate(.storageError(refusal.description))), keep)
    }
    state.savesInFlight += 1
    let document = state.document
    let editCount = state.editCount
    let storage = storage
    let saved = savedRecoveries(state)
    let write = Effect<NotesAction>.run { send in
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
    return autosave.merge(with: write)
  }

  /// Keeps the unsaved notes in a recovery file while the notes file must not be written: a
  /// new file, then the one kept before removed, so some file always holds them. One at a
  /// time; edits made while one is written are kept once it is done. Once the feature stops,
  /// its final save keeps them.
  private func keepUnsaved(_ state: inout NotesState) -> Effect<NotesAction> {
    guard !state.isStopping, !state.flushRequestedWhileLoading, state.hasUnsavedChanges,
      state.editCount > state.keptEditCount
    else { return .none }
    guard !state.keepingUnsaved else {
      state.keepAgain = true
      return .none
    }
    state.keepingUnsaved = true
    let document = state.document
    let editCount = state.editCount
    let replaced = keptBefore(state)
    let storage = storage
    return .run { send in
      await Self.keepUnsaved(
        document, editCount: editCount, replacing: replaced, in: storage, send: send)
    }
  }

  /// The save when the feature stops: nothing may be lost, so what cannot be saved is kept in
  /// a recovery file, within the same effect (the stop waits for it).
  private func finalSave(_ state: inout NotesState) -> Effect<NotesAction> {
    let document = state.document
    let editCount = state.editCount
    let storage = storage
    guard state.canSave, state.loadStatus != .loading else {
      // The file must not be written (or is not loaded yet: saving would replace it with only
      // the notes made since): keep everything in a recovery file instead, unless the one
      // kept while the feature ran has it all.
      guard state.keepingUnsaved || editCount > state.keptEditCount else { return .none }
      // The file kept before goes once this one is written (`unsavedKept`).
      let replaced = savedRecoveries(state)
      return .run { send in
        await Self.keepUnsaved(
          document, editCount: editCount, replacing: replaced, in: storage, send: send)
      }
    }
    state.savesInFlight += 1
    let saved = savedRecoveries(state)
    return .run { send in
      do throws(NotesStorageError) {
        try await storage.save(document, editCount)
        if !saved.isEmpty { await storage.removeRecoveries(saved) }
        await send(.internal(.saveFinished(editCount: editCount)))
      } catch {
        await send(.internal(.saveFailed(error)))
        await Self.keepUnsaved(
          document, editCount: editCount, replacing: [], in: storage, send: send)
      }
    }
  }

  /// The status line once the notes are kept at `path` while the feature runs: why it cannot
  /// save stays first.
  private static func keptStatus(_ refusal: NotesStorageError, _ path: String) -> String {
    "\(refusal.summary); notes kept in \(path)"
  }

  /// Writes `document` to a new recovery file, then removes `replaced` (files whose notes it
  /// holds).
  private static func keepUnsaved(
    _ document: NotesDocument, editCount: Int, replacing replaced: [String],
    in storage: NotesStorage, send: Send<NotesAction>
  ) async {
    do throws(NotesStorageError) {
      let path = try await storage.keepUnsaved(document)
      let redundant = replaced.filter { $0 != path }
      if !redundant.isEmpty { await storage.removeRecoveries(redundant) }
      await send(.internal(.unsavedKept(path: path, editCount: editCount)))
    } catch {
      await send(.internal(.keepingUnsavedFailed(error)))
    }
  }

  /// Adds the notes of earlier runs' recovery files that are not in the list already, as new
  /// notes whose titles start with "(recovered)"; they are saved with the next save, which then removes the
  /// recovery files.
  private func restore(
    _ recovered: [RecoveryFiles.Found], into state: inout NotesState
  ) -> Effect<NotesAction> {
    guard !recovered.isEmpty else { return .none }
    let paths = recovered.map(\.path)
    var restored = 0
    for found in recovered {
      // Already there, under its title or as restored before ("(recovered) " and its title):
      // a recovery file kept again and again while the file could not be written holds the
      // notes an earlier one did.
      for note in found.document.notes
      where !state.notes.contains(where: {
        $0.text == note.text && Self.unmarked($0.title) == Self.unmarked(note.title)
      }) {
        var kept = note
        kept.id = state.nextID
        kept.revision = state.nextRevision
        kept.titleFollowsFirstLine = false
        // First, so that it shows in the list however long the title (titles taken from a
        // first line are).
        if !note.title.hasPrefix(Self.recoveredMark) {
          kept.title = Self.recoveredMark + note.title
        }
        state.notes.insert(kept, at: 0)
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
    state.cursor = state.notes.first?.text.utf8Count ?? 0
    state.restoredRecoveries = paths
    let files = paths.count == 1 ? paths[0] : "\(paths[0]) and \(paths.count - 1) more"
    state.notice =
      "Restored \(restored) unsaved note\(restored == 1 ? "" : "s") from \(files)"
    let edited = markEdited(&state)
    state.restoredAtEditCount = state.editCount
    return edited
  }

  /// What starts the title of a note restored from a recovery file.
  private static let recoveredMark = "(recovered) "

  /// `title` without the mark of a restored note.
  private static func unmarked(_ title: String) -> Substring {
    title.hasPrefix(recoveredMark) ? title.dropFirst(recoveredMark.count) : Substring(title)
  }

  /// The files a new recovery file of the current state makes redundant: the one kept before,
  /// and the recovery files restored at load.
  private func keptBefore(_ state: NotesState) -> [String] {
    (state.keptUnsavedAt.map { [$0] } ?? []) + savedRecoveries(state)
  }

  /// The restored recovery files a save of the current state makes redundant.
  private func savedRecoveries(_ state: NotesState) -> [String] {
    state.editCount >= state.restoredAtEditCount ? state.restoredRecoveries : []
  }

  /// The stop's save: every unsaved change saved, or kept in a recovery file; no timer left;
  /// then the storage gives up the directory, so the next start may take it at once.
  private func flush(_ state: inout NotesState) -> Effect<NotesAction> {
    state.isStopping = true
    let storage = storage
    let close = Effect<NotesAction>.run { _ in await storage.close() }
    guard state.hasUnsavedChanges else { return close }
    return .merge(stopAutosave(&state), finalSave(&state).concatenate(with: close))
  }

  /// The feature was stopped while loading: now that the load is done (and the inputs that
  /// waited for it are handled), flush as the stop asked. The stop waits for this.
  private func flushRequestedWhileLoading(_ state: inout NotesState) -> Effect<NotesAction> {
    guard state.flushRequestedWhileLoading else { return .none }
    state.flushRequestedWhileLoading = false
    return flush(&state)
  }

  private func saveRequestedWhileLoading(_ state: inout NotesState) -> Effect<NotesAction> {
    guard state.saveRequestedWhileLoading else { return .none }
    state.saveRequestedWhileLoading = false
    return save(&state)
  }

  /// The note open in the editor was made before the notes loaded and has a new id now: the
  /// editor hands it back under that id.
  private func renumberOpenNote(
    _ newIDs: [Int: Int], in state: inout NotesState
  ) -> Effect<NotesAction> {
    if let untouched = state.untouchedNewNote { state.untouchedNewNote = newIDs[untouched] }
    guard let id = state.editing?.note.id, let renumbered = newIDs[id] else { return .none }
    state.editing?.note.id = renumbered
    return .send(.internal(.editor(.presented(.input(.renumbered(renumbered))))))
  }

  /// Notes created before the file finished loading are kept, ahead of the loaded ones.
  ///
  /// - Returns: The new id of each note created before, by its old id.
  private func mergeLoaded(_ loaded: [Note], into state: inout NotesState) -> [Int: Int] {
    var nextID = (loaded.map(\.id).max() ?? 0) + 1
    var revision = (loaded.map(\.revision).max() ?? 0) + 1
    var early: [Note] = []
    // Only notes made before the load have histories; they follow their notes to new ids.
    let history = state.history
    var renumbered: [Int: EditHistory] = [:]
    var newIDs: [Int: Int] = [:]
    defer { state.history = renumbered }
    for var note in state.notes.reversed() {
      let oldID = note.id
      note.id = nextID
      note.revision = revision
      nextID += 1
      revision += 1
      if state.selectedID == oldID { state.selectedID = note.id }
      renumbered[note.id] = history[oldID]
      newIDs[oldID] = note.id
      early.insert(note, at: 0)
    }
    state.notes = early + loaded.sorted { $0.revision > $1.revision }
    state.nextID = nextID
    state.nextRevision = revision
    if state.selectedID == nil { state.selectedID = state.notes.first?.id }
    return newIDs
  }
}
