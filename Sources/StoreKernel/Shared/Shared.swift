/// A value several features hold at once: every holder reads the same value, a change made
/// through any of them is seen by all, and subscribers get every change. TCA's `Shared`.
///
/// Hold it in state with the property wrapper, read it like a plain property, and change it
/// with ``withLock(_:)``, which runs the change under the value's lock so concurrent writers
/// never lose an update:
///
/// ```swift
/// struct SharedCounter: Reducer {
///   struct State: Equatable {
///     @Shared var count: Int
///   }
///   enum Action { case incrementTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.$count.withLock { $0 += 1 }
///     return .none
///   }
/// }
/// ```
///
/// A `TestStore` sees a change made through a shared value held in its state as a change of
/// the state: an exhaustive test must assert it (`$0.$count.withLock { $0 = 1 }`), with the same
/// diff as any other change. ``subscript(dynamicMember:)`` derives a shared property and
/// ``subscript(id:)`` a shared element of an identified collection; both write through to the
/// value they come from. ``init(wrappedValue:_:)-(_,SharedKey<Value>)`` finds or makes the value kept under a
/// ``SharedKey`` (``SharedKey/inMemory(_:)``, or a file strategy from `SharedFileStorage`).
///
/// A read never waits for a change in progress. Inside the value's own `withLock`, a read of
/// the value, or of a value derived from it, gives the value as the change began (TCA's
/// SyncUps deletes with `$syncUps.withLock { _ = $0.remove(id: state.syncUp.id) }`), and a
/// subscription made there gets that value, then the change. A `withLock` of the same value
/// inside its own is reported and dropped (the outer change holds the value); changing
/// another shared value inside `withLock` traps, whatever the order: two threads doing it in
/// opposite orders would deadlock (docs/decisions/0014-shared-state.md).
///
/// `Sendable`: the value lives behind a lock in a reference every copy shares.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  package let reference: SharedReference<Value>

  package init(reference: SharedReference<Value>) {
    self.reference = reference
  }

  /// Creates a shared value of its own, held in memory, that is not kept under any key.
  ///
  /// - Parameter value: The starting value.
  public init(value: Value) {
    self.init(reference: SharedBox(value))
  }

  /// Holds an existing shared value: what a state's memberwise initializer takes for a
  /// `@Shared` property, so a parent hands its shared value (or a part of it) to a child.
  ///
  /// - Parameter projectedValue: The shared value to hold.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value. Inside a `TestStore` assertion, the value the test expects (the
  /// value as of the last assertion, with the assertion's changes).
  public var wrappedValue: Value {
    if let tracker = SharedChangeTracker.assertingNow,
      let snapshot = reference.snapshot(in: tracker)
    {
      return snapshot
    }
    return reference.read()
  }

  /// The shared value itself, for ``withLock(_:)``, derived values and handing it on.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value under its lock and tells every holder and subscriber.
  ///
  /// ```swift
  /// state.$favorites.withLock { _ = $0.insert(7) }
  /// ```
  ///
  /// - Parameter change: Mutates the value; keep it short. It may read this and other shared
  ///   values (this one reads as the change began) and subscribe to them; a `withLock` of this
  ///   value inside is reported and dropped, one of another value traps. If it throws,
  ///   nothing changes.
  /// - Returns: What `change` returns.
  @discardableResult
  public func withLock<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
    if let tracker = SharedChangeTracker.assertingNow {
      return try reference.withSnapshot(in: tracker, change)
    }
    return try reference.withLock(change)
  }

  /// The current value, then every change, in the order the changes were made; ends when its
  /// consumer is cancelled. Every value is buffered until read.
  ///
  /// ```swift
  /// for await favorites in shared.values() {
  ///   print(favorites)
  /// }
  /// ```
  ///
  /// - Returns: The stream of values.
  public func values() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let token = reference.subscribe { continuation.yield($0) }
    let root = reference.root
    continuation.onTermination = { [weak root] _ in root?.unsubscribe(token) }
    return stream
  }

  /// A shared property of this value: reads and writes go through to this value.
  ///
  /// ```swift
  /// let email: Shared<String> = $signUp.email
  /// ```
  ///
  /// - Parameter keyPath: The property.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: any WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(reference: SharedKeyPathReference(base: reference, keyPath: keyPath))
  }

  /// How many subscriptions to the value's root are active; tests check that a stopped
  /// feature leaves none behind.
  package var subscriberCount: Int { reference.root.subscriberCount }
}

extension Shared where Value: SharedIdentifiedCollection, Value.Element: Sendable {
  /// A shared element of this collection, found by its id: reads and writes go through to the
  /// collection. `nil` when no element has the id now. Once the element is removed, the derived
  /// value reads as it was last seen and its writes change nothing.
  ///
  /// ```swift
  /// if let todo = $todos[id: id] {
  ///   todo.withLock { $0.isDone = true }
  /// }
  /// ```
  ///
  /// - Parameter id: The element's id.
  public subscript(id id: Value.Element.ID) -> Shared<Value.Element>?
  where Value.Element.ID: Sendable {
    guard let current = reference.read().sharedElement(id: id) else { return nil }
    return Shared<Value.Element>(
      reference: SharedElementReference(base: reference, id: id, current: current))
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether two shared values hold equal values. Inside a `TestStore` assertion, a shared
  /// value compared with itself compares what the test expects (left) with what happened
  /// (right), and counts as asserted.
  public static func == (lhs: Shared<Value>, rhs: Shared<Value>) -> Bool {
    if let tracker = SharedChangeTracker.assertingNow, lhs.reference === rhs.reference {
      tracker.markAsserted(lhs.reference.root)
      return lhs.wrappedValue == rhs.reference.actual(in: tracker)
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  /// The value, described.
  public var description: String { String(describing: wrappedValue) }
}

extension Shared: CustomReflectable {
  /// The value's mirror: a shared value shows as the value it holds.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Shared: SharedDiffable {
  package var diffIdentity: ObjectIdentifier { ObjectIdentifier(reference) }
  package var diffRoot: ObjectIdentifier { ObjectIdentifier(reference.root) }

  package var diffValues: (expected: Any, actual: Any) {
    guard let tracker = SharedChangeTracker.assertingNow else {
      let value = reference.read()
      return (value, value)
    }
    let actual = reference.actual(in: tracker)
    return (reference.snapshot(in: tracker) ?? actual, actual)
  }
}

/// A shared value as the state diff sees it: when the same shared value is on both sides, the
/// diff compares what the test expects with what happened.
package protocol SharedDiffable {
  /// The identity of the reference the value is read through.
  var diffIdentity: ObjectIdentifier { get }
  /// The identity of the root box the value lives in.
  var diffRoot: ObjectIdentifier { get }
  /// The expected value (a test's snapshot, or the live value) and the live value.
  var diffValues: (expected: Any, actual: Any) { get }
}

extension SharedChangeTracker {
  /// The roots of the shared values held anywhere in `value` (walked with `Mirror`), each with
  /// the path where it was first found (`count`, `rows[2].title`), for the diff that names it.
  package static func roots(in value: Any) -> [ObjectIdentifier: String] {
    var roots: [ObjectIdentifier: String] = [:]
    collectRoots(in: value, path: "", into: &roots, depth: 0)
    return roots
  }

  private static func collectRoots(
    in value: Any, path: String, into roots: inout [ObjectIdentifier: String], depth: Int
  ) {
    if let shared = value as? any SharedDiffable {
      if roots[shared.diffRoot] == nil { roots[shared.diffRoot] = path }
      return
    }
    // Deep enough for any state a person writes; a cycle through classes stops here.
    guard depth < 64 else { return }
    for (index, child) in Mirror(reflecting: value).children.enumerated() {
      // `@Shared var count` is stored as `_count`.
      let name = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
      let childPath =
        name.map { path.isEmpty ? $0 : path + "." + $0 } ?? path + "[\(index)]"
      collectRoots(in: child.value, path: childPath, into: &roots, depth: depth + 1)
    }
  }
}
