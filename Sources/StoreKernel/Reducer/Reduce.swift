/// A reducer built from a closure, for small features and for glue between reducers.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { count, action in
///   count += action == .increment ? 1 : -1
///   return .none
/// }
/// ```
///
/// Not `Sendable`: the closure may capture anything the host owns.
public struct Reduce<State, Action: Sendable>: Reducer {
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>
  /// What it does at the store's start (``Reducer/reduceStoreStart(into:)``): the start of
  /// the reducers an operator that returns a `Reduce` holds, or nothing.
  @usableFromInline
  let start: ((inout State) -> Effect<Action>)?

  /// Creates a reducer from a closure.
  ///
  /// - Parameter reduce: Mutates the state for an action and returns the effect to run.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = reduce
    self.start = nil
  }

  /// Creates a reducer from a closure, and what it does at the store's start: for an
  /// operator that holds other reducers, whose start it passes on.
  ///
  /// - Parameters:
  ///   - start: The reducers' start (``Reducer/reduceStoreStart(into:)``).
  ///   - reduce: Mutates the state for an action and returns the effect to run.
  @inlinable
  package init(
    start: @escaping (inout State) -> Effect<Action>,
    reduce: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.run = reduce
    self.start = start
  }

  /// Wraps any reducer with the same domain, erasing its type.
  ///
  /// - Parameter reducer: The reducer to wrap.
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.run = { reducer.reduce(into: &$0, action: $1) }
    self.start = { reducer.reduceStoreStart(into: &$0) }
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }

  /// Runs the start of the reducers it was made from, if any.
  ///
  /// - Parameter state: The store's initial state.
  /// - Returns: Their effects at the store's start, or ``Effect/none``.
  @inlinable
  public func reduceStoreStart(into state: inout State) -> Effect<Action> {
    start?(&state) ?? .none
  }
}
