import FeatureBridge

/// Waits on the main actor until `condition` holds, letting effects and input pumps run
/// meanwhile; returns whether it held before the bound ran out.
///
/// Effects run on other threads, so a test cannot know exactly when one has reached a given
/// point: it waits for the observable outcome, never for a duration. The bound only turns a real
/// failure into a failed expectation instead of a hung test.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
  for attempt in 0..<20_000 {
    if condition() { return true }
    if attempt < 1_000 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(250))
    }
  }
  return condition()
}

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
