import MultiStorePrimitives
import StoreKernel

/// Where the test feature's effects report what they did, so a test can see effects that
/// leave no trace in state (an effect that was cancelled, a flush that ran while stopping).
///
/// `Sendable`: its entries are behind a lock.
final class TallyJournal: Sendable {
  enum Entry: Sendable, Equatable {
    case tickerStarted
    case tickerCancelled
    case saved(Int)
    case flushed(Int)
  }

  private let storage = LockedValue<[Entry]>([])

  func record(_ entry: Entry) {
    storage.withLock { $0.append(entry) }
  }

  var entries: [Entry] { storage.withLock { $0 } }
}
