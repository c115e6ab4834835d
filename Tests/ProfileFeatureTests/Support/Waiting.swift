import FeatureBridge
import StoreKernelTesting

/// Collects a feature's outputs on the main actor as they arrive, so a test can wait for them
/// with ``eventually(_:)`` instead of blocking on the stream.
@MainActor
final class OutputLog<Output: Sendable> {
  private(set) var outputs: [Output] = []
  private(set) var finished = false
  private var task: Task<Void, Never>?

  init(_ stream: AsyncStream<Output>) {
    task = Task { [weak self] in
      for await output in stream { self?.outputs.append(output) }
      self?.finished = true
    }
  }

  /// Waits until at least `count` outputs have arrived; returns whether they did.
  func waitFor(count: Int) async -> Bool {
    await eventually { outputs.count >= count }
  }
}
