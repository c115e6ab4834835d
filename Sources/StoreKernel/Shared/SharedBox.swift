import MultiStorePrimitives
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The root of a shared value: the value behind a lock, its subscribers, and the storage that
/// persists it, if any.
///
/// Subscribers are handed values outside the lock: each change is queued for every subscriber
/// under the lock, and one thread at a time (the first writer that finds no one delivering)
/// hands the queues out after releasing it, in order, so a subscriber sees every value in the
/// order the changes were made. Yielding to a stream takes the stream's own lock, and
/// cancelling a stream runs its termination handler under that lock, which takes this one
/// (to remove the subscriber): yielding under this lock would invert that order and deadlock.
///
/// The lock is not recursive: a read, a write or a subscription from inside the box's own
/// `withLock` traps at once with a message naming the misuse, instead of deadlocking.
///
/// `Sendable`: its state is behind a `LockedValue`; the owner thread is an atomic.
package final class SharedBox<Value: Sendable>: SharedReference<Value>, AnySharedBox,
  @unchecked Sendable
{
  // SAFETY: every stored property is a `LockedValue`, an `Atomic`, or immutable and `Sendable`.

  private struct Subscriber {
    let deliver: @Sendable (Value) -> Void
    var pending: [Value]
  }

  private struct State {
    var value: Value
    /// Counts the changes, for the storage to tell a newer value from an older one.
    var version = 0
    var subscribers: [Int: Subscriber] = [:]
    var nextToken = 0
    /// Keeps the value between runs, if the box was made for a key that persists.
    var storage: (any SharedKeyStorage<Value>)?
    /// A thread is handing queued values to subscribers; others leave theirs to it.
    var delivering = false
  }

  private let state: LockedValue<State>
  /// The thread inside `withLock`, or 0: how a re-entrant use is told from a contended one.
  private let owner = Atomic<UInt>(0)
  /// What the box is called in messages: its key, or "Shared<Value>".
  private let name: String

  /// Creates a box holding `value`.
  ///
  /// - Parameters:
  ///   - value: The starting value.
  ///   - name: How messages name it.
  package init(_ value: Value, name: String? = nil) {
    self.state = LockedValue(State(value: value))
    self.name = name ?? "Shared<\(Value.self)>"
  }

  override package var root: any AnySharedBox { self }
  package var anyValue: Any { read() }
  override package var description: String { name }

  /// The storage that keeps this box's value, once a key has given it one.
  package var keyStorage: (any SharedKeyStorage<Value>)? {
    get { state.withLock { $0.storage } }
    set { state.withLock { $0.storage = newValue } }
  }

  override package func read() -> Value {
    checkNotReentered("read")
    return state.withLock { $0.value }
  }

  override package func withLock<Result>(
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    checkNotReentered("changed with withLock")
    let tracker = SharedChangeTracker.trackingNow
    let (result, changed, version, storage, hasSubscribers) = try locked { state in
      if let tracker { tracker.trackBeforeChange(of: self, value: state.value) }
      let result = try body(&state.value)
      let changed = state.value
      state.version += 1
      for token in state.subscribers.keys { state.subscribers[token]?.pending.append(changed) }
      return (result, changed, state.version, state.storage, !state.subscribers.isEmpty)
    }
    // With no subscriber, nothing was queued (one that subscribes meanwhile delivers its own).
    if hasSubscribers { deliverQueuedValues() }
    storage?.valueDidChange(changed, version: version)
    return result
  }

  /// Replaces the value with one a storage loaded, unless it changed after change number
  /// `version`: subscribers hear of it, the storage is not asked to save it again, and no test
  /// store tracks it.
  package func replaceWithLoaded(_ value: Value, ifUnchangedSince version: Int) -> Bool {
    checkNotReentered("loaded into")
    let installed = locked { state -> Bool in
      guard state.version <= version else { return false }
      state.value = value
      for token in state.subscribers.keys { state.subscribers[token]?.pending.append(value) }
      return true
    }
    deliverQueuedValues()
    return installed
  }

  override package func snapshot(in tracker: SharedChangeTracker) -> Value? {
    tracker.snapshot(of: self)
  }

  override package func withSnapshot<Result>(
    in tracker: SharedChangeTracker, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    var value = tracker.snapshot(of: self) ?? read()
    defer { tracker.setSnapshot(value, of: self) }
    return try body(&value)
  }

  override package func subscribe(_ deliver: @escaping @Sendable (Value) -> Void) -> Int {
    checkNotReentered("subscribed to")
    let token = locked { state in
      state.nextToken += 1
      state.subscribers[state.nextToken] = Subscriber(deliver: deliver, pending: [state.value])
      return state.nextToken
    }
    deliverQueuedValues()
    return token
  }

  package func unsubscribe(_ token: Int) {
    // May run on a thread that is inside `withLock` of another box, never of this one: a
    // stream's termination handler runs where the stream is cancelled.
    _ = state.withLock { $0.subscribers.removeValue(forKey: token) }
  }

  /// How many subscriptions are active. Tests check that a stopped feature leaves none.
  package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Runs `body` under the lock, with this thread recorded as the owner.
  private func locked<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try state.withLock { state in
      owner.store(Self.currentThread, ordering: .relaxed)
      defer { owner.store(0, ordering: .relaxed) }
      return try body(&state)
    }
  }

  /// Hands every queued value to its subscriber, outside the lock, unless another thread is
  /// already doing so (it will deliver these too, in order).
  private func deliverQueuedValues() {
    while true {
      let batch: [(deliver: @Sendable (Value) -> Void, values: [Value])]? = state.withLock {
        state in
        if state.delivering { return nil }
        var batch: [(deliver: @Sendable (Value) -> Void, values: [Value])] = []
        for token in state.subscribers.keys {
          guard let subscriber = state.subscribers[token], !subscriber.pending.isEmpty else {
            continue
          }
          batch.append((subscriber.deliver, subscriber.pending))
          state.subscribers[token]?.pending = []
        }
        if batch.isEmpty { return nil }
        state.delivering = true
        return batch
      }
      guard let batch else { return }
      for (deliver, values) in batch {
        for value in values { deliver(value) }
      }
      state.withLock { $0.delivering = false }
    }
  }

  /// Traps when the calling thread is inside this box's `withLock`: the lock is not recursive,
  /// and waiting on it would never end.
  private func checkNotReentered(_ use: @autoclosure () -> String) {
    guard owner.load(ordering: .relaxed) == Self.currentThread else { return }
    preconditionFailure(
      "\(name) was \(use()) inside its own withLock. The lock is not recursive: use the value "
        + "the closure is given, and subscribe, read or write again after it returns.")
  }

  private static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
