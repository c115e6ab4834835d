import MultiStorePrimitives

/// The root of a shared value: the value, its subscribers, and the storage that persists it,
/// if any.
///
/// Two locks. `changing` is held for the length of a `withLock`, the caller's closure included:
/// writers take turns. `published` holds the last value a change committed and the
/// subscribers; it is held only for a few loads and stores, never while calling out or taking
/// another lock, so a read (which takes only `published`) never waits for a change to finish.
/// That is what keeps a read of one shared value inside another's `withLock` out of any
/// deadlock (`A.withLock { _ = B.wrappedValue }` on one thread and `B.withLock { _ = A.wrappedValue }` on
/// another each wait, at most, for the other's few stores), and what lets a read, or a
/// subscription, inside the value's own `withLock` go on: it sees the value as it was when the
/// change began, as TCA's does.
///
/// ``SharedLockSlot`` records, per thread, which value's `withLock` the thread is in. A
/// `withLock` of the same value inside its own (the lock is not recursive) is reported, and
/// runs on a copy that is dropped, instead of deadlocking. A `withLock` of another value inside
/// one traps: two threads doing that in opposite orders would wait for each other forever.
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

  /// The last value committed: inside this value's own `withLock`, the value as the change
  /// began.
  override package func read() -> Value {
    published.withLock { $0.value }
  }

  override package func withLock<Result>(
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    if SharedLockSlot.held == identity { return try changeInsideOwnChange(body) }
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
    if SharedLockSlot.held == identity {
      IssueReporter.report(
        "\(name) was loaded into inside its own withLock: the loaded value is dropped "
          + "(docs/decisions/0014-shared-state.md).")
      return false
    }
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

  override package func actual(in tracker: SharedChangeTracker) -> Value {
    tracker.actual(of: self) ?? read()
  }

  override package func withSnapshot<Result>(
    in tracker: SharedChangeTracker, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    var value = tracker.snapshot(of: self) ?? read()
    defer { tracker.setSnapshot(value, of: self) }
    return try body(&value)
  }

  /// Inside this value's own `withLock`, the subscriber gets the value as the change began,
  /// then the change once it commits.
  override package func subscribe(_ deliver: @escaping @Sendable (Value) -> Void) -> Int {
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

  /// A `withLock` of this value inside its own, on the same thread. The outer change holds the
  /// value being changed (its closure has it `inout`), so this one cannot change it in place,
  /// and waiting for the lock would wait forever: it is reported, and `body` runs on a copy of
  /// the value as the outer change began, which is then dropped. TCA's recursive lock loses
  /// the inner change the same way, when the outer one commits, without a word.
  private func changeInsideOwnChange<Result>(
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    IssueReporter.report(
      "\(name) was changed with withLock inside its own withLock: the inner change ran on a "
        + "copy and is dropped. Make the change in the outer closure, through the value it is "
        + "given (docs/decisions/0014-shared-state.md).")
    var copy = read()
    return try body(&copy)
  }

  /// Runs `body` holding `changing`, with the thread recorded as inside this box's `withLock`.
  /// Traps, before waiting, when the thread is already inside another box's `withLock`.
  private func whileChanging<Result>(
    _ body: (inout Change) throws -> Result
  ) rethrows -> Result {
    let slot = SharedLockSlot.current
    let held = slot.pointee
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

  private static func nested(_ name: String) -> Never {
    preconditionFailure(
      "\(name) was changed with withLock inside the withLock of another shared value. Two "
        + "threads doing that in opposite orders would wait for each other forever: change one "
        + "value, then the other after the first withLock returns (reading another value, or "
        + "subscribing to it, inside withLock is fine) "
        + "(docs/decisions/0001-store-isolation.md, Traps).")
  }
}
