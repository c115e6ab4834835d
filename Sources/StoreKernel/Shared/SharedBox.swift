import MultiStorePrimitives

/// The root of a shared value: the value, its subscribers, and the storage that persists it,
/// if any.
///
/// Two locks. `changing` is held for the length of a `withLock`, the caller's closure included:
/// writers take turns. `published` holds the last value a change committed and the
/// subscribers; it is held only for a few loads and stores, never while calling out or taking
/// another lock, so a read (which takes only `published`) never waits for a change to finish.
/// That is what keeps a read of one shared value inside another's `withLock` out of any
/// deadlock: `A.withLock { _ = B.value }` on one thread and `B.withLock { _ = A.value }` on
/// another each wait, at most, for the other's few stores.
///
/// The one wait that remains is a `withLock` inside another shared value's `withLock` (two
/// threads doing that in opposite orders would wait for each other forever), and a use of a
/// value inside its own `withLock` (the lock is not recursive): both trap at once, with a
/// message naming the misuse, instead of deadlocking (``SharedLockSlot`` records, per thread,
/// which value's `withLock` it is in).
///
/// Subscribers are handed values outside both locks: each change is queued for every
/// subscriber under `published`, and one thread at a time (the first writer that finds no one
/// delivering) hands the queues out after releasing it, in order, so a subscriber sees every
/// value in the order the changes were made. Yielding to a stream takes the stream's own lock,
/// and cancelling a stream runs its termination handler under that lock, which takes
/// `published` (to remove the subscriber): yielding under it would invert that order.
///
/// `Sendable`: its state is behind the two `LockedValue`s.
package final class SharedBox<Value: Sendable>: SharedReference<Value>, AnySharedBox,
  @unchecked Sendable
{
  // SAFETY: every stored property is a `LockedValue`, or immutable and `Sendable`.

  private struct Subscriber {
    let deliver: @Sendable (Value) -> Void
    var pending: [Value]
  }

  /// What a change holds while it runs.
  private struct Change {
    /// The value changes are made to, in place: the last one committed, until a change runs.
    var value: Value
    /// Counts the changes, for the storage to tell a newer value from an older one.
    var version = 0
  }

  /// What a read takes: the last value committed, and who hears of the next.
  private struct Published {
    var value: Value
    var subscribers: [Int: Subscriber] = [:]
    var nextToken = 0
    /// Keeps the value between runs, if the box was made for a key that persists.
    var storage: (any SharedKeyStorage<Value>)?
    /// A thread is handing queued values to subscribers; others leave theirs to it.
    var delivering = false
  }

  private let changing: LockedValue<Change>
  private let published: LockedValue<Published>
  /// What the box is called in messages: its key, or "Shared<Value>".
  private let name: String

  /// Creates a box holding `value`.
  ///
  /// - Parameters:
  ///   - value: The starting value.
  ///   - name: How messages name it.
  package init(_ value: Value, name: String? = nil) {
    self.changing = LockedValue(Change(value: value))
    self.published = LockedValue(Published(value: value))
    self.name = name ?? "Shared<\(Value.self)>"
  }

  override package var root: any AnySharedBox { self }
  package var anyValue: Any { read() }
  override package var description: String { name }

  /// The storage that keeps this box's value, once a key has given it one.
  package var keyStorage: (any SharedKeyStorage<Value>)? {
    get { published.withLock { $0.storage } }
    set { published.withLock { $0.storage = newValue } }
  }

  override package func read() -> Value {
    checkNotReentered("read")
    return published.withLock { $0.value }
  }

  override package func withLock<Result>(
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    let tracker = SharedChangeTracker.trackingNow
    let (result, changed, version, storage, hasSubscribers) = try whileChanging { change in
      if let tracker { tracker.trackBeforeChange(of: self, value: change.value) }
      let result: Result
      do {
        result = try body(&change.value)
      } catch {
        // A change that throws commits nothing: back to the value reads still see.
        change.value = published.withLock { $0.value }
        throw error
      }
      change.version += 1
      let (storage, hasSubscribers) = publish(change.value)
      return (result, change.value, change.version, storage, hasSubscribers)
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
    let installed = changing.withLock { change -> Bool in
      guard change.version <= version else { return false }
      change.value = value
      _ = publish(value)
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
    let token = published.withLock { state in
      state.nextToken += 1
      state.subscribers[state.nextToken] = Subscriber(deliver: deliver, pending: [state.value])
      return state.nextToken
    }
    deliverQueuedValues()
    return token
  }

  package func unsubscribe(_ token: Int) {
    // May run on a thread inside any value's `withLock`, this one's too: a stream's
    // termination handler runs where the stream is cancelled. It takes only `published`.
    _ = published.withLock { $0.subscribers.removeValue(forKey: token) }
  }

  /// How many subscriptions are active. Tests check that a stopped feature leaves none.
  package var subscriberCount: Int { published.withLock { $0.subscribers.count } }

  /// Makes `value` the one reads see and queues it for every subscriber. Returns the storage
  /// to tell, and whether anyone was queued a value.
  private func publish(
    _ value: Value
  ) -> (storage: (any SharedKeyStorage<Value>)?, hasSubscribers: Bool) {
    published.withLock { state in
      state.value = value
      for token in state.subscribers.keys { state.subscribers[token]?.pending.append(value) }
      return (state.storage, !state.subscribers.isEmpty)
    }
  }

  /// Runs `body` holding `changing`, with the thread recorded as inside this box's `withLock`.
  /// Traps, before waiting, when the thread is already inside this box's `withLock` or
  /// another's.
  private func whileChanging<Result>(
    _ body: (inout Change) throws -> Result
  ) rethrows -> Result {
    let slot = SharedLockSlot.current
    let held = slot.pointee
    if held == identity { reentered("changed with withLock") }
    if held != 0 { Self.nested(name) }
    slot.pointee = identity
    defer { slot.pointee = 0 }
    return try changing.withLock(body)
  }

  /// Hands every queued value to its subscriber, outside the lock, unless another thread is
  /// already doing so (it will deliver these too, in order).
  private func deliverQueuedValues() {
    while true {
      let batch: [(deliver: @Sendable (Value) -> Void, values: [Value])]? = published.withLock {
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
      published.withLock { $0.delivering = false }
    }
  }

  /// This box, as ``SharedLockSlot`` records it.
  private var identity: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

  /// Traps when the calling thread is inside this box's `withLock`: the lock is not recursive.
  private func checkNotReentered(_ use: @autoclosure () -> String) {
    guard SharedLockSlot.held == identity else { return }
    reentered(use())
  }

  private func reentered(_ use: String) -> Never {
    preconditionFailure(
      "\(name) was \(use) inside its own withLock. The lock is not recursive: use the value "
        + "the closure is given, and read, subscribe or change the value again after withLock "
        + "returns (docs/decisions/0001-store-isolation.md, Traps).")
  }

  private static func nested(_ name: String) -> Never {
    preconditionFailure(
      "\(name) was changed with withLock inside the withLock of another shared value. Two "
        + "threads doing that in opposite orders would wait for each other forever: change one "
        + "value, then the other after the first withLock returns (reading another value, or "
        + "subscribing to it, inside withLock is fine) "
        + "(docs/decisions/0001-store-isolation.md, Traps).")
  }
}
