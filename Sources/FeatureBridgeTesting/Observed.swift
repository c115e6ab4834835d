import Observation

/// Reads observable values (a feature's view store, a view rendered from one) until they satisfy
/// `condition`, re-reading only when Swift's Observation reports that something the last read
/// used has changed: the way a test waits for a feature to catch up, without polling or sleeping.
///
/// ```swift
/// let lines = await observed({ view.render(width: 40, height: 10) }) {
///   $0.contains("    [-]   3   [+]")
/// }
/// ```
///
/// - Parameters:
///   - read: Reads the values; called on the caller's actor, inside Observation tracking.
///   - condition: Whether the read is the one awaited.
///   - limit: The longest to wait; after it the last read is returned, for the test to fail on.
///   - isolation: The actor `read` runs on: the caller's.
/// - Returns: The first read that satisfies `condition`, or the last read once `limit` passed.
public func observed<Value>(
  _ read: () -> Value, until condition: (Value) -> Bool, within limit: Duration = .seconds(30),
  isolation: isolated (any Actor)? = #isolation
) async -> Value {
  let deadline = ContinuousClock.now.advanced(by: limit)
  while true {
    let (changes, change) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let value = withObservationTracking(read, onChange: { change.yield() })
    if condition(value) || ContinuousClock.now >= deadline { return value }
    let timer = Task {
      try? await Task.sleep(until: deadline, clock: .continuous)
      change.yield()
    }
    for await _ in changes { break }
    timer.cancel()
  }
}
