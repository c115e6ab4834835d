@testable import AppShell

/// Waits on the shell's actor until `condition` holds, letting feature stores and output routes
/// run meanwhile; returns whether it held before the bound ran out.
///
/// Outputs cross from a feature's store to the shell's store through a route task, so a test
/// cannot know exactly when one has landed: it waits for the observable outcome, never for a
/// duration. The bound only turns a real failure into a failed expectation instead of a hang.
@ShellActor
func eventually(_ condition: @ShellActor () -> Bool) async -> Bool {
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
