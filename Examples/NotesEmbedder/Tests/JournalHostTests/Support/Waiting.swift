import JournalHost

/// Waits on the journal's actor until `condition` holds, letting effects and input pumps run
/// meanwhile; returns whether it held before the bound ran out.
///
/// Effects run on other threads, so a test waits for what it can observe, never for a
/// duration. The bound only turns a real failure into a failed expectation instead of a hang.
@JournalActor
func eventually(_ condition: @JournalActor () -> Bool) async -> Bool {
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
