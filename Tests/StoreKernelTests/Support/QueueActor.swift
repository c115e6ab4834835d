import Dispatch

/// An actor that runs on a dispatch queue of its own, not on the concurrency runtime's shared
/// threads: for a test that keeps its actor busy for a while (seconds, in a debug build), so
/// that it never starves the other tests running in parallel of those few threads.
actor QueueActor {
  private let executor = QueueSerialExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Runs `body` on this actor.
  func run<Result: Sendable>(_ body: @Sendable (isolated QueueActor) -> Result) -> Result {
    body(self)
  }
}

/// Runs jobs one at a time on a serial dispatch queue.
final class QueueSerialExecutor: SerialExecutor, Sendable {
  private let queue = DispatchQueue(label: "StoreKernelTests.QueueActor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
