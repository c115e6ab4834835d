import Dispatch

/// A serial thread for file work. Reading a 10 MB notes file, or encoding and writing one and
/// waiting for `fsync`, blocks a thread for a noticeable time; on one of the concurrency
/// runtime's cooperative threads (two on a two-core machine) that would stall every other
/// feature's effects, and on a store's actor it would stall typing. Serial, so writes reach the
/// disk in the order they were asked for.
///
/// `Sendable`: a dispatch queue is.
package final class StorageQueue: Sendable {
  private let queue: DispatchQueue

  package init(label: String) {
    queue = DispatchQueue(label: label)
  }

  /// Runs `work` on `queue`'s thread and resumes with its result; runs it inline without one
  /// (in-memory storage does no blocking work).
  package static func run<Value: Sendable, Failure: Error>(
    on queue: StorageQueue?,
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    guard let queue else { return try work() }
    let result = await withCheckedContinuation { continuation in
      queue.queue.async {
        continuation.resume(returning: Result { () throws(Failure) in try work() })
      }
    }
    return try result.get()
  }
}
