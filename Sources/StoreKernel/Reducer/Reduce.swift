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

  /// Creates a reducer from a closure.
  ///
  /// - Parameter reduce: Mutates the state for an action and returns the effect to run.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = reduce
  }

  /// Wraps any reducer with the same domain, erasing its type.
  ///
  /// - Parameter reducer: The reducer to wrap.
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.run = { reducer.reduce(into: &$0, action: $1) }
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}
