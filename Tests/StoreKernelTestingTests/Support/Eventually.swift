import StoreKernelTesting
import Testing

/// Waits on the main actor until `condition` holds, letting effects and the clock's sleepers run
/// meanwhile. Returns whether it held before the generous bound ran out.
///
/// Effects run on other threads, so a test that has released the main actor cannot know exactly
/// when one has reached a given point; it waits for the observable outcome instead of a duration.
/// The bound only turns a real failure into a failed expectation instead of a hung test.
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
  /// Waits until exactly `count` tasks are sleeping on the clock, so that advancing it next
  /// reaches every sleeper the test expects.
  @MainActor
  func waitForSleepers(_ count: Int) async -> Bool {
    await eventually { sleeperCount == count }
  }
}

/// Runs `wait` in a task of its own and waits, within the same bound as ``eventually(_:)``, for it
/// to return. A regression that leaves an effect or a sleeper running then fails an expectation
/// instead of hanging the whole test run.
@MainActor
func completes(_ wait: @escaping @Sendable () async -> Void) async -> Bool {
  let done = Recorder<Bool>()
  Task {
    await wait()
    done.record(true)
  }
  return await eventually { !done.values.isEmpty }
}
