/// Polls `condition` every millisecond until it holds, at most `polls` times; returns whether it
/// held. Tests wait for an outcome this way, never for a duration: the bound only turns a real
/// failure into a failed expectation instead of a hang.
func pollUntil(
  polls: Int = 30_000, isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
  for _ in 0..<polls {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}
