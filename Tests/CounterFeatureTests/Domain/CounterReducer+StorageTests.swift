import DurableFiles
import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

@testable import CounterFeature

/// Keeping the count: loaded at start, saved on every change after. The favorites are kept by
/// their own shared value; favorites an older build kept in the counter's file join them.
@MainActor
@Suite struct CounterReducerStorageTests {
  let favorites = Shared<Set<Int>>(value: [])

  func makeStore(
    _ state: CounterState = CounterState(), storage: RecordingCounterStorage
  ) -> TestStore<CounterState, CounterAction> {
    let favorites = favorites
    return TestStore(initialState: state, reducer: CounterReducer()) {
      $0.counterFavorites = favorites
      $0.counterStorage = storage.storage
    }
  }

  /// A counter whose storage has loaded `record`.
  func loaded(_ record: CounterRecord) -> CounterState {
    var state = CounterState(count: record.count, favorites: Set(record.favorites))
    state.stored = record
    return state
  }

  @Test func aLoadedRecordReplacesTheCountAndItsOldFavoritesJoinTheSharedOnes() async {
    let recording = RecordingCounterStorage()
    favorites.withLock { $0 = [5] }
    let store = makeStore(storage: recording)
    let record = CounterRecord(count: 7, favorites: [2, 3])
    await store.send(.internal(.loaded(LoadedCounter(record: record)))) {
      $0.count = 7
      $0.stored = record
      // Kept in the counter's file until the favorites' own file holds them.
      $0.favoritesToMove = [2, 3]
    }
    await store.receive(.delegate(.countChanged(7)))
    // The favorites' save has ended: the counter's file is written again without them.
    await store.receive(.internal(.favoritesMoved)) {
      $0.favoritesToMove = []
      $0.stored = CounterRecord(count: 7, favorites: [])
      $0.saveCount = 1
    }
    await store.finish()
    #expect(favorites.wrappedValue == [2, 3, 5])
    #expect(recording.saved == [CounterRecord(count: 7, favorites: [])])
  }

  @Test func aRecordWithoutFavoritesLeavesTheSharedOnesAndIsNotWrittenAgain() async {
    let recording = RecordingCounterStorage()
    favorites.withLock { $0 = [5] }
    let store = makeStore(storage: recording)
    let record = CounterRecord(count: 7, favorites: [])
    await store.send(.internal(.loaded(LoadedCounter(record: record)))) {
      $0.count = 7
      $0.stored = record
    }
    await store.receive(.delegate(.countChanged(7)))
    await store.finish()
    #expect(favorites.wrappedValue == [5])
    #expect(recording.saved.isEmpty)
  }

  @Test func everyCountChangeAfterTheLoadIsSavedOnceWithANewerNumber() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(loaded(CounterRecord(count: 0, favorites: [])), storage: recording)
    await store.send(.view(.incrementTapped)) {
      $0.count = 1
      $0.stored = CounterRecord(count: 1, favorites: [])
      $0.saveCount = 1
    }
    await store.receive(.delegate(.countChanged(1)))
    // A favorite changes the shared value, not the counter's file.
    await store.send(.view(.favoriteToggled)) { $0.favorites = [1] }
    await store.receive(.delegate(.favoriteSaved(1)))
    await store.send(.internal(.favoritesChanged([1])))
    favorites.withLock { $0 = [] }
    await store.send(.internal(.favoritesChanged([]))) { $0.favorites = [] }
    await store.send(.view(.incrementTapped)) {
      $0.count = 2
      $0.stored = CounterRecord(count: 2, favorites: [])
      $0.saveCount = 2
    }
    await store.receive(.delegate(.countChanged(2)))
    await store.finish()
    #expect(
      recording.saved == [
        CounterRecord(count: 1, favorites: []), CounterRecord(count: 2, favorites: []),
      ])
    #expect(recording.numbers == [1, 2])
  }

  @Test func nothingIsSavedBeforeTheLoadAndWhatChangedMeanwhileIsSavedAfterIt() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(storage: recording)
    await store.send(.view(.incrementTapped)) {
      $0.count = 1
      $0.countChangedBeforeLoad = true
    }
    await store.receive(.delegate(.countChanged(1)))
    #expect(recording.saved.isEmpty)
    // No counter file yet: the count the user made meanwhile is the one saved.
    await store.send(.internal(.loaded(LoadedCounter(record: nil)))) {
      $0.stored = CounterRecord(count: 1, favorites: [])
      $0.saveCount = 1
      $0.countChangedBeforeLoad = false
    }
    await store.finish()
    #expect(recording.saved == [CounterRecord(count: 1, favorites: [])])
  }

  @Test func aCountSetBeforeTheLoadFinishedWinsOverTheKeptOneAndIsSaved() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(storage: recording)
    // A host's input arrives before the file is read: it must not be lost to the kept value.
    await store.send(.input(.setCount(6))) {
      $0.count = 6
      $0.countChangedBeforeLoad = true
    }
    await store.receive(.delegate(.countChanged(6)))
    let kept = CounterRecord(count: 5, favorites: [2])
    await store.send(.internal(.loaded(LoadedCounter(record: kept)))) {
      // The count stays the user's, saved with the kept favorites until they have moved.
      $0.stored = CounterRecord(count: 6, favorites: [2])
      $0.saveCount = 1
      $0.countChangedBeforeLoad = false
      $0.favoritesToMove = [2]
    }
    // The kept favorites joined the shared ones, whose save has ended.
    await store.receive(.internal(.favoritesMoved)) {
      $0.favoritesToMove = []
      $0.stored = CounterRecord(count: 6, favorites: [])
      $0.saveCount = 2
    }
    await store.finish()
    #expect(favorites.wrappedValue == [2])
    #expect(
      recording.saved == [
        CounterRecord(count: 6, favorites: [2]), CounterRecord(count: 6, favorites: []),
      ])
  }

  @Test func aFileHeldByAnotherWriterIsReportedAndNeverWritten() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(storage: recording)
    let refusal = DurableFileError.locked(path: "/data/counter.json", holder: 42)
    let record = CounterRecord(count: 3, favorites: [])
    await store.send(.internal(.loaded(LoadedCounter(record: record, writeRefusal: refusal)))) {
      $0.count = 3
      $0.stored = record
      $0.canSave = false
    }
    await store.receive(.delegate(.storageError(refusal.description)))
    await store.receive(.delegate(.countChanged(3)))
    await store.send(.view(.incrementTapped)) { $0.count = 4 }
    await store.receive(.delegate(.countChanged(4)))
    await store.send(.internal(.flush))
    await store.finish()
    #expect(recording.saved.isEmpty)
    #expect(refusal.description.contains("in use by another process (pid 42)"))
  }

  @Test func aCorruptFileIsReportedAndTheValuesAreWrittenAnew() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(CounterState(count: 5), storage: recording)
    let corrupt = DurableFileError.corrupt(
      path: "/data/counter.json", keptAt: "/data/counter.json.corrupt-1-2", reason: "not JSON")
    await store.send(.internal(.loadFailed(corrupt))) {
      $0.stored = CounterRecord(count: 5, favorites: [])
      $0.saveCount = 1
    }
    await store.receive(.delegate(.storageError(corrupt.description)))
    await store.finish()
    #expect(recording.saved == [CounterRecord(count: 5, favorites: [])])
  }

  @Test func anUnreadableFileIsReportedAndNeverWrittenOver() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(storage: recording)
    let unreadable = DurableFileError.unreadable(path: "/data/counter.json", reason: "a FIFO")
    await store.send(.internal(.loadFailed(unreadable))) { $0.canSave = false }
    await store.receive(.delegate(.storageError(unreadable.description)))
    await store.send(.view(.incrementTapped)) { $0.count = 1 }
    await store.receive(.delegate(.countChanged(1)))
    await store.finish()
    #expect(recording.saved.isEmpty)
  }

  @Test func stoppingSavesTheNewestValuesAgainOnlyIfAnythingWasSaved() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(loaded(CounterRecord(count: 0, favorites: [])), storage: recording)
    await store.send(.internal(.flush))
    await store.send(.view(.decrementTapped)) {
      $0.count = -1
      $0.stored = CounterRecord(count: -1, favorites: [])
      $0.saveCount = 1
    }
    await store.receive(.delegate(.countChanged(-1)))
    await store.send(.internal(.flush)) { $0.saveCount = 2 }
    await store.finish()
    #expect(recording.numbers == [1, 2])
    #expect(recording.saved.last == CounterRecord(count: -1, favorites: []))
  }

  @Test func aFailedSaveIsReported() async {
    let recording = RecordingCounterStorage()
    let failure = DurableFileError.writeFailed(path: "/data/counter.json", reason: "disk full")
    recording.failSaves(with: failure)
    let store = makeStore(loaded(CounterRecord(count: 0, favorites: [])), storage: recording)
    await store.send(.view(.incrementTapped)) {
      $0.count = 1
      $0.stored = CounterRecord(count: 1, favorites: [])
      $0.saveCount = 1
    }
    await store.receive(.delegate(.countChanged(1)))
    await store.receive(.internal(.saveFailed(failure)))
    await store.receive(.delegate(.storageError(failure.description)))
    await store.finish()
  }

  @Test func stoppingBeforeTheLoadFinishedLoadsThenSavesWhatChanged() async {
    let recording = RecordingCounterStorage()
    let store = makeStore(storage: recording)
    await store.send(.view(.incrementTapped)) {
      $0.count = 1
      $0.countChangedBeforeLoad = true
    }
    await store.receive(.delegate(.countChanged(1)))
    // The stop's own effect loads and saves: the load's action starts no save of its own.
    await store.send(.internal(.flush)) {
      $0.isStoppingBeforeLoad = true
      $0.saveCount = 1
    }
    await store.receive(.internal(.loaded(LoadedCounter(record: nil)))) {
      $0.stored = CounterRecord(count: 0, favorites: [])
      $0.countChangedBeforeLoad = false
    }
    await store.finish()
    #expect(recording.saved == [CounterRecord(count: 1, favorites: [])])
    #expect(recording.numbers == [1])
  }
}
