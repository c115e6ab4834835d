import DurableFiles
import MultiStorePrimitives
import StoreKernel

@testable import CounterFeature

/// A counter storage that loads what it is told and records every save, with its number.
final class RecordingCounterStorage: Sendable {
  private let saves = LockedValue<[(CounterRecord, Int)]>([])
  private let failure = LockedValue<DurableFileError?>(nil)
  let loaded: LoadedCounter

  init(_ loaded: LoadedCounter = LoadedCounter(record: nil)) {
    self.loaded = loaded
  }

  /// Every record saved, in the order the saves were made.
  var saved: [CounterRecord] { saves.withLock { $0.map(\.0) } }

  /// The number each save carried.
  var numbers: [Int] { saves.withLock { $0.map(\.1) } }

  /// Makes every later save throw `error`.
  func failSaves(with error: DurableFileError) {
    failure.withLock { $0 = error }
  }

  var storage: CounterStorage {
    CounterStorage(
      load: { self.loaded },
      save: { record, number throws(DurableFileError) in
        if let error = self.failure.withLock({ $0 }) { throw error }
        self.saves.withLock { $0.append((record, number)) }
      })
  }
}
