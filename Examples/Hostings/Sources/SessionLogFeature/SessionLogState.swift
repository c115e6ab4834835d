import SharedFileStorage
import StoreKernel

/// A log's state: its lines, shared with every holder of the same file.
struct SessionLogState: Equatable {
  @Shared var lines: [String]

  init(log: SessionLog) {
    _lines = Shared(wrappedValue: [], .fileStorage(log.path))
  }
}
