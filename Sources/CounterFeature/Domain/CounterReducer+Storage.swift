import DurableFiles
import FeatureBridge
import StoreKernel

/// Loading and saving the count and the favorites, when the counter has a storage.
extension CounterReducer {
  func reduce(
    into state: inout CounterState, storage action: CounterAction.InternalAction
  ) -> Effect<CounterAction> {
    switch action {
    case .loaded(let loaded):
      // What was changed before the load finished wins over what was kept, and is saved now.
      let countChanged = state.countChangedBeforeLoad
      state.countChangedBeforeLoad = false
      var effects: [Effect<CounterAction>] = []
      if let refusal = loaded.writeRefusal {
        state.canSave = false
        effects.append(.send(.delegate(.storageError(refusal.description))))
      }
      guard let record = loaded.record else {
        // Nothing kept yet: what the user did meanwhile is saved now (by the stop's own effect
        // if the counter is stopping).
        state.stored = Self.nothingKept
        if !state.isStoppingBeforeLoad { effects.append(saveIfChanged(&state)) }
        return .merge(effects)
      }
      state.stored = record
      if !countChanged, record.count != state.count {
        state.count = record.count
        effects.append(.send(.delegate(.countChanged(record.count))))
      }
      // Favorites in the counter's file were written by an older build: they join the shared
      // favorites, kept in their own file now (the load effect waited for that file's load, so
      // what it holds is kept too). The counter's file keeps them until the favorites' file
      // has been written; then it is written without them.
      if !record.favorites.isEmpty {
        let kept = Set(record.favorites)
        state.favoritesToMove = kept
        if !kept.isSubset(of: favorites.wrappedValue) {
          favorites.withLock { $0.formUnion(kept) }
        }
        if !state.isStoppingBeforeLoad { effects.append(moveFavorites()) }
      }
      if !state.isStoppingBeforeLoad { effects.append(saveIfChanged(&state)) }
      return .merge(effects)
    case .favoritesMoved:
      state.favoritesToMove = []
      return saveIfChanged(&state)
    case .loadFailed(let error):
      // What was changed meanwhile is kept in memory, and saved below when a new file may be.
      state.countChangedBeforeLoad = false
      let reported = Effect<CounterAction>.send(.delegate(.storageError(error.description)))
      guard case .corrupt = error else {
        // The file is there but cannot be read: it must not be written over.
        state.canSave = false
        return reported
      }
      // Kept aside: a new file is written with what the user has (by the stop's own effect if
      // the counter is stopping).
      state.stored = Self.nothingKept
      guard !state.isStoppingBeforeLoad else { return reported }
      return .merge(reported, saveIfChanged(&state))
    case .saveFailed(let error):
      return .send(.delegate(.storageError(error.description)))
    case .flush:
      // The shared favorites are saved as the counter stops (their storage, if any, writes
      // what is pending); whatever the stop saves, the counter's storage then gives up its
      // file, so the next start may take it at once.
      let favorites = favorites
      let saveFavorites = Effect<CounterAction>.run { send in
        await favorites.save()
        if let error = Self.unreportedSaveError(of: favorites) {
          await send(.delegate(.storageError(error)))
        }
      }
      guard let storage else { return saveFavorites }
      let close = Effect<CounterAction>.merge(
        saveFavorites, .run { _ in await storage.close() })
      guard state.canSave else { return close }
      guard let stored = state.stored else {
        // Stopping before the load finished: load now, and save what the user did meanwhile,
        // both within the stop's own effect and before the file is given up. A save started
        // by the load's action would be an effect of its own, which the stop does not wait
        // for: cancelled, it would lose the change; run late, it would take the file again
        // after the stop gave it up, and refuse the next start.
        state.isStoppingBeforeLoad = true
        state.saveCount += 1
        return loadAndSave(
          count: state.countChangedBeforeLoad ? state.count : nil, number: state.saveCount,
          to: storage
        ).concatenate(with: close)
      }
      // The last save may still be queued when the feature stops: save the newest values
      // once more and wait for the write (the queued one, now older, is skipped).
      guard state.saveCount > 0 else { return close }
      state.saveCount += 1
      return save(stored, number: state.saveCount, to: storage).concatenate(with: close)
    case .started, .favoritesChanged:
      return .none
    }
  }

  /// What a storage without a counter file holds: the count a counter starts with, so only a
  /// change from it is written.
  static let nothingKept = CounterRecord(count: 0, favorites: [])

  /// Loads what the storage kept. The shared favorites' own load ends first, so favorites an
  /// older build kept in the counter's file join what their file holds, instead of racing it.
  func load() -> Effect<CounterAction> {
    guard let storage else { return .none }
    let favorites = favorites
    return .run { send in
      do throws(DurableFileError) {
        let loaded = try await storage.load()
        await favorites.loaded()
        await send(.internal(.loaded(loaded)))
      } catch {
        await send(.internal(.loadFailed(error)))
      }
    }
  }

  /// The stop's load, when the counter stops before its storage has loaded: loads, tells the
  /// reducer, and writes `count` (what the user set meanwhile, if anything) over what was kept,
  /// in this one effect.
  private func loadAndSave(
    count: Int?, number: Int, to storage: CounterStorage
  ) -> Effect<CounterAction> {
    let favorites = favorites
    return .run { send in
      let kept: CounterRecord
      do throws(DurableFileError) {
        let loaded = try await storage.load()
        await favorites.loaded()
        await send(.internal(.loaded(loaded)))
        guard loaded.writeRefusal == nil else { return }
        kept = loaded.record ?? Self.nothingKept
      } catch {
        await send(.internal(.loadFailed(error)))
        // A corrupt file was kept aside: a new one may be written. Any other file must not be.
        guard case .corrupt = error else { return }
        kept = Self.nothingKept
      }
      guard let count, count != kept.count else { return }
      do throws(DurableFileError) {
        try await storage.save(CounterRecord(count: count, favorites: Set(kept.favorites)), number)
      } catch {
        await send(.internal(.saveFailed(error)))
      }
    }
  }

  /// Reports a favorites file that could not be loaded or may not be written (corrupt and
  /// kept aside, not a file, held by another instance): the favorites then run on what this
  /// run has, and the message names the file, the problem and where a corrupt file was kept.
  func reportFavoritesLoad() -> Effect<CounterAction> {
    let favorites = favorites
    return .run { send in
      await favorites.loaded()
      var reported: [String] = []
      // The refusal the load found (another writer, not a readable file), not a failure of a
      // save made since: that one is reported as the counter stops (`unreportedSaveError`), and
      // reported here too it would be heard twice. A file that is not a readable file is both
      // a load error and a refusal: reported once.
      let refusal = favorites.saveError.flatMap { Self.isLoadRefusal($0) ? $0 : nil }
      for error in [favorites.loadError, refusal].compactMap({ $0 }) {
        let message = "\(error)"
        guard !reported.contains(message) else { continue }
        reported.append(message)
        await send(.delegate(.storageError(message)))
      }
    }
  }

  /// Writes the shared favorites (with those moved from the counter's file) and, once their
  /// file holds them, lets the counter's file drop them. If that write fails they stay in the
  /// counter's file; the failure is reported when the counter stops.
  private func moveFavorites() -> Effect<CounterAction> {
    let favorites = favorites
    return .run { send in
      await favorites.save()
      if favorites.saveError == nil { await send(.internal(.favoritesMoved)) }
    }
  }

  /// Why the favorites' last save failed, unless it is a refusal their load already reported
  /// (another writer holds the file, or it is not a readable file: then nothing is written).
  static func unreportedSaveError(of favorites: Shared<Set<Int>>) -> String? {
    guard let error = favorites.saveError, !isLoadRefusal(error) else { return nil }
    return "\(error)"
  }

  /// Whether a save error of the favorites is the refusal their load found, which
  /// ``reportFavoritesLoad()`` reports: another writer holds the file, or it is not a readable
  /// file.
  static func isLoadRefusal(_ error: any Error) -> Bool {
    switch error as? DurableFileError {
    case .locked?, .unreadable?: return true
    default: return false
    }
  }

  /// Saves the count if it differs from what was last saved or loaded. The favorites are kept
  /// by their own shared value; the counter's file is written without them, once favorites an
  /// older build kept there have moved.
  func saveIfChanged(_ state: inout CounterState) -> Effect<CounterAction> {
    guard let storage, state.canSave, let stored = state.stored else { return .none }
    let record = CounterRecord(count: state.count, favorites: state.favoritesToMove)
    guard record != stored else { return .none }
    state.stored = record
    state.saveCount += 1
    return save(record, number: state.saveCount, to: storage)
  }

  private func save(
    _ record: CounterRecord, number: Int, to storage: CounterStorage
  ) -> Effect<CounterAction> {
    .run { send in
      do throws(DurableFileError) {
        try await storage.save(record, number)
      } catch {
        await send(.internal(.saveFailed(error)))
      }
    }
  }
}
