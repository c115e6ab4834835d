/// A value that tasks read and change through an actor: TCA's `ActorIsolated` (from
/// swift-concurrency-extras), for a test's record of calls made from async code.
///
/// ```swift
/// let calls = ActorIsolated<[Int]>([])
/// await withTaskGroup(of: Void.self) { group in
///   for number in 0..<10 {
///     group.addTask { await calls.withValue { $0.append(number) } }
///   }
/// }
/// #expect(await calls.value.sorted() == Array(0..<10))
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
