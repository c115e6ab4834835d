import SharedFileStorage
import StoreKernel

/// A log's state: its lines, shared with every holder of the same file, and the count it last
/// told its host.
struct SessionLogState: Equatable {
  @Shared var lines: [String]
  var count = 0

  init(log: SessionLog) {
    _lines = Shared(wrappedValue: [], .fileStorage(log.path))
  }
}
