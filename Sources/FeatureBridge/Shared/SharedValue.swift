import MultiStorePrimitives
import StoreKernel

/// A value shared between features through a dependency, instead of through a root state.
///
/// Subscribers get the current value first and then every change, in the order the changes
/// were made. Updates are read-modify-write under a lock, so concurrent writers never lose an
/// update, and every subscriber sees every value (subscriptions buffer without limit). A
/// subscription ends when the task iterating it is cancelled, e.g. when the effect that
/// subscribed is cancelled.
///
/// ```swift
/// let favorites = SharedValue<Set<Int>>([])
/// favorites.update { _ = $0.insert(42) }
/// for await value in favorites.values() {
///   print(value)  // [42] first, then every later change
/// }
/// ```
///
/// `Sendable`: its value and subscribers are behind a lock.
public final class SharedValue<Value: Sendable>: Sendable {
  private struct State {
    var value: Value
    var subscribers: [Int: AsyncStream<Value>.Continuation] = [:]
    var nextID = 0
  }

  private let state: LockedValue<State>

  /// Creates a shared value.
  ///
  /// - Parameter initial: The starting value.
  public init(_ initial: Value) {
    self.state = LockedValue(State(value: initial))
  }

  /// The current value.
  public var value: Value { state.withLock { $0.value } }

  /// How many subscriptions are active. Package-only: tests check that a stopped feature
  /// leaves none behind.
  package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Changes the value atomically and publishes the result to every subscriber.
  ///
  /// The publish happens inside the same critical section as the change, so every subscriber
  /// sees the values in the order the updates happened.
  ///
  /// - Parameter change: Mutates the value; runs under the lock, so keep it short.
  /// - Returns: What `change` returns.
  @discardableResult
  public func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
    try state.withLock { state in
      let result = try change(&state.value)
      for continuation in state.subscribers.values { continuation.yield(state.value) }
      return result
    }
  }

  /// Replaces the value and publishes it.
  ///
  /// - Parameter newValue: The new value.
  public func set(_ newValue: Value) {
    update { $0 = newValue }
  }

  /// The current value, then every change.
  ///
  /// - Returns: A stream that ends when its consumer is cancelled.
  public func values() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let id = state.withLock { state in
      state.nextID += 1
      state.subscribers[state.nextID] = continuation
      continuation.yield(state.value)
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }
}
