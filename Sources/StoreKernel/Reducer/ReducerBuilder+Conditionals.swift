/// The reducers of an `if` without `else` in a ``ReducerBuilder`` block: they run when the
/// condition held when the block was built.
///
/// `Sendable` when the wrapped reducer is.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  /// Wraps the reducer built when the condition held, or `nil`.
  ///
  /// - Parameter wrapped: The reducer to run, if any.
  @inlinable
  public init(_ wrapped: Wrapped?) {
    self.wrapped = wrapped
  }

  /// Runs the wrapped reducer, if there is one.
  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }

  /// Runs the wrapped reducer's start, if there is one.
  @inlinable
  public func reduceStoreStart(into state: inout Wrapped.State) -> Effect<Wrapped.Action> {
    wrapped?.reduceStoreStart(into: &state) ?? .none
  }
}

extension OptionalReducer: Sendable where Wrapped: Sendable {}

/// The branch an `if`–`else` or a `switch` took in a ``ReducerBuilder`` block.
///
/// `Sendable` when both branches are.
public enum ConditionalReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The first branch.
  case first(First)
  /// The second branch.
  case second(Second)

  /// Runs the branch that was taken.
  @inlinable
  public func reduce(
    into state: inout First.State, action: First.Action
  ) -> Effect<First.Action> {
    switch self {
    case .first(let first): first.reduce(into: &state, action: action)
    case .second(let second): second.reduce(into: &state, action: action)
    }
  }

  /// Runs the chosen reducer's start.
  @inlinable
  public func reduceStoreStart(into state: inout First.State) -> Effect<First.Action> {
    switch self {
    case .first(let first): first.reduceStoreStart(into: &state)
    case .second(let second): second.reduceStoreStart(into: &state)
    }
  }
}

extension ConditionalReducer: Sendable where First: Sendable, Second: Sendable {}

/// The reducers a `for` loop built in a ``ReducerBuilder`` block, run in order.
///
/// `Sendable` when the element reducer is.
public struct ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  /// Runs `reducers` in order.
  ///
  /// - Parameter reducers: The reducers, one per iteration.
  @inlinable
  public init(_ reducers: [Element]) {
    self.reducers = reducers
  }

  /// Runs every reducer in order and merges their effects.
  @inlinable
  public func reduce(
    into state: inout Element.State, action: Element.Action
  ) -> Effect<Element.Action> {
    var effects: Effect<Element.Action> = .none
    for reducer in reducers {
      effects = effects.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effects
  }

  /// Runs each reducer's start, in order.
  @inlinable
  public func reduceStoreStart(into state: inout Element.State) -> Effect<Element.Action> {
    var effects: Effect<Element.Action> = .none
    for reducer in reducers {
      effects = effects.merge(with: reducer.reduceStoreStart(into: &state))
    }
    return effects
  }
}

extension ReducerArray: Sendable where Element: Sendable {}
