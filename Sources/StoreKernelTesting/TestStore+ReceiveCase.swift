import StoreKernel
public import Testing

/// `receive` by the cases an action is nested in, each named by its constructor: TCA's
/// `receive(\.child.delegate.saved)` is `receive(Action.child, Child.Action.delegate,
/// Child.Action.Delegate.saved)` here (a leading dot finds no member on a function type). Each case
/// is read by reflection (``CasePath/init(_:)``), which costs nothing that matters in a test.
extension TestStore {
  /// Waits for an action sent by an effect that is in the case `actionCase`, and checks the
  /// state change, without asserting the payload.
  ///
  /// ```swift
  /// await store.receive(Parent.Action.child) { $0.saved = ["a", "b", "c"] }
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case the received action must be in, by its constructor.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive<Value>(
    _ actionCase: @escaping @Sendable (Value) -> Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(actionCase), timeout: timeout, assert: updateExpected,
      sourceLocation: sourceLocation)
  }

  /// Waits for an action sent by an effect that is in the case `inner` of the case `outer`,
  /// and checks the state change, without asserting the payload.
  ///
  /// ```swift
  /// await store.receive(Parent.Action.child, Parent.Child.delegate) { $0.saved = ["a", "b"] }
  /// ```
  ///
  /// - Parameters:
  ///   - outer: The case of the store's actions, by its constructor.
  ///   - inner: The case of `outer`'s payload, by its constructor.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive<Outer, Value>(
    _ outer: @escaping @Sendable (Outer) -> Action,
    _ inner: @escaping @Sendable (Value) -> Outer,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(outer).appending(inner), timeout: timeout, assert: updateExpected,
      sourceLocation: sourceLocation)
  }

  /// Waits for an action sent by an effect that is three cases deep, and checks the state
  /// change, without asserting the payload: TCA's `receive(\.child.delegate.saved)`.
  ///
  /// ```swift
  /// await store.receive(Parent.Action.child, Parent.Child.delegate, Parent.Delegate.saved) {
  ///   $0.saved = ["a"]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - outer: The case of the store's actions, by its constructor.
  ///   - middle: The case of `outer`'s payload, by its constructor.
  ///   - inner: The case of `middle`'s payload, by its constructor.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive<Outer, Middle, Value>(
    _ outer: @escaping @Sendable (Outer) -> Action,
    _ middle: @escaping @Sendable (Middle) -> Outer,
    _ inner: @escaping @Sendable (Value) -> Middle,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      CasePath(outer).appending(middle).appending(inner), timeout: timeout,
      assert: updateExpected, sourceLocation: sourceLocation)
  }
}
