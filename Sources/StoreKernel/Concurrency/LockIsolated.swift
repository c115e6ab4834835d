import MultiStorePrimitives

/// A value behind a lock that any thread or task may read and change: TCA's `LockIsolated`
/// (from swift-concurrency-extras), most often a test's record of how a dependency was called.
///
/// ```swift
/// let count = LockIsolated(0)
/// DispatchQueue.concurrentPerform(iterations: 4) { _ in
///   for _ in 0..<10_000 { count.withValue { $0 += 1 } }
/// }
/// #expect(count.value == 40_000)
/// ```
///
/// The lock is the package's one lock (a `pthread_mutex_t`, which ThreadSanitizer sees). Unlike
/// TCA's, it is not recursive: touching the same `LockIsolated` inside ``withValue(_:)`` waits
/// forever. Copies of the reference share the value. `Sendable` when `Value` is (TCA's always
/// is).
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
