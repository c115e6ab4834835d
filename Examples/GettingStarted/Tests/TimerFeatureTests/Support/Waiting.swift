import StoreKernelTesting

/// Waits on the main actor until `condition` holds, letting effects and the input pump run
/// meanwhile; returns whether it held before the bound ran out.
///
/// Effects run on other threads, so a test waits for what it can observe, never for a
/// duration. The bound only turns a real failure into a failed expectation instead of a hang.
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

extension TestClock {
  /// Waits until `count` tasks sleep on this clock, so an `advance` cannot overtake an effect
  /// that has not gone to sleep yet.
  @MainActor
  func waitForSleepers(_ count: Int) async -> Bool {
    await eventually { sleeperCount == count }
  }
}

/// Collects a feature's outputs on the main actor as they arrive, so a test can wait for them
/// with ``eventually(_:)`` instead of blocking on the stream.
@MainActor
final class OutputLog<Output: Sendable> {
  private(set) var outputs: [Output] = []
  private var task: Task<Void, Never>?

  init(_ stream: AsyncStream<Output>) {
    task = Task { [weak self] in
      for await output in stream { self?.outputs.append(output) }
    }
  }
}
