/// Yields until `condition` holds, at most `limit` times; returns whether it held. Tests wait
/// on progress, never on the wall clock.
@discardableResult
func yieldUntil(
  limit: Int = 100_000, isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
  for _ in 0..<limit {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// Busy-waits without suspending until `condition` holds (at most `limit` checks), so the
/// caller's actor stays occupied while other threads make progress. Returns whether it held.
@discardableResult
func spinUntil(limit: Int = 2_000_000_000, _ condition: () -> Bool) -> Bool {
  for _ in 0..<limit where condition() { return true }
  return condition()
}

/// Every element of `stream` until it finishes.
func collect<Element>(
  _ stream: AsyncStream<Element>, isolation: isolated (any Actor)? = #isolation
) async -> [Element] {
  var elements: [Element] = []
  for await element in stream { elements.append(element) }
  return elements
}
