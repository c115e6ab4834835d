import Dispatch

/// A host actor that is not the main actor, as a terminal or server host would use. It runs on
/// a serial dispatch queue so a test can ask, without crashing, whether code runs on it.
@globalActor actor HostActor {
  static let shared = HostActor()

  private static let executor = QueueExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }

  /// Whether the caller is running on the host actor right now.
  nonisolated static var isCurrent: Bool { executor.isCurrent }
}

/// Runs an actor's jobs one at a time on a serial dispatch queue that it can recognise.
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
  // SAFETY: both properties are set once in `init` and never change; `DispatchQueue` is
  // thread-safe, and `DispatchSpecificKey` is only used as an identity by dispatch.
  private let queue = DispatchQueue(label: "FeatureBridgeTests.HostActor")
  private let key = DispatchSpecificKey<Bool>()

  init() {
    queue.setSpecific(key: key, value: true)
  }

  var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func checkIsolated() {
    precondition(isCurrent, "Expected to run on the host actor's queue.")
  }
}
