import MultiStorePrimitives

/// A value behind a lock that any thread or task may read and change: TCA's `LockIsolated`
/// (from swift-concurrency-extras), most often a test's record of how a dependency was called.
///
/// ```swift
/// let saved = LockIsolated<[String]>([])
/// let store = TestStore(initialState: Editor.State(), reducer: Editor()) {
///   $0.saveNote = { text in saved.withValue { $0.append(text) } }
/// }
/// await store.send(.saveTapped)
/// #expect(saved.value == ["draft"])
/// ```
///
/// The lock is the package's one lock (a `pthread_mutex_t`, which ThreadSanitizer sees), not
/// recursive: never touch the same `LockIsolated` inside ``withValue(_:)``. Copies of the
/// reference share the value. `Sendable` when `Value` is.
@dynamicMemberLookup
public final class LockIsolated<Value> {
  private let storage: LockedValue<Value>

  /// A lock around `value`.
  public init(_ value: Value) {
    storage = LockedValue(value)
  }

  /// The value now.
  public var value: Value {
    storage.withLock { $0 }
  }

  /// A property of the value now.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    storage.withLock { $0[keyPath: keyPath] }
  }

  /// Runs `operation` with exclusive access to the value, which it may change.
  ///
  /// - Parameter operation: Reads or changes the value; keep it short.
  /// - Returns: What `operation` returns.
  public func withValue<Result, Failure: Error>(
    _ operation: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try storage.withLock(operation)
  }

  /// Replaces the value.
  ///
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: Value) {
    storage.withLock { $0 = newValue }
  }
}

extension LockIsolated: Sendable where Value: Sendable {}

extension LockIsolated: Equatable where Value: Equatable {
  /// Whether the two values are equal now (each read under its own lock).
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    lhs.value == rhs.value
  }
}

/// A value that tasks read and change through an actor: TCA's `ActorIsolated` (from
/// swift-concurrency-extras), for a test's record of calls made from async code.
///
/// ```swift
/// let opened = ActorIsolated<[URL]>([])
/// // in the dependency: await opened.withValue { $0.append(url) }
/// #expect(await opened.value == [url])
/// ```
///
/// `Sendable`, as an actor is; its value is reached only on the actor.
public final actor ActorIsolated<Value> {
  /// The value now.
  public private(set) var value: Value

  /// An actor holding `value`.
  public init(_ value: sending Value) {
    self.value = value
  }

  /// Runs `operation` on the actor with the value, which it may change.
  ///
  /// - Parameter operation: Reads or changes the value.
  /// - Returns: What `operation` returns.
  public func withValue<Result: Sendable>(
    _ operation: @Sendable (inout Value) throws -> Result
  ) rethrows -> Result {
    try operation(&value)
  }

  /// Replaces the value.
  ///
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: sending Value) {
    value = newValue
  }
}
