/// Runs several reducers of the same domain in order and merges their effects.
///
/// ```swift
/// let app = CombineReducers {
///   Scope(state: \AppState.counter, action: AppAction.counterPath) { Counter() }
///   Scope(state: \AppState.profile, action: AppAction.profilePath) { Profile() }
///   AppLogic()
/// }
/// ```
///
/// `Sendable` when its reducers are.
public struct CombineReducers<Reducers: Reducer>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Combines the reducers listed in the builder, in order.
  ///
  /// - Parameter build: The reducers to run, in order.
  @inlinable
  public init<State, Action>(@ReducerBuilder<State, Action> _ build: () -> Reducers)
  where State == Reducers.State, Action == Reducers.Action {
    self.reducers = build()
  }

  /// Runs every reducer in order.
  @inlinable
  public func reduce(
    into state: inout Reducers.State, action: Reducers.Action
  ) -> Effect<Reducers.Action> {
    reducers.reduce(into: &state, action: action)
  }

  /// Runs the reducers' start, in order.
  @inlinable
  public func reduceStoreStart(into state: inout Reducers.State) -> Effect<Reducers.Action> {
    reducers.reduceStoreStart(into: &state)
  }
}

extension CombineReducers: Sendable where Reducers: Sendable {}

/// Two reducers run one after the other; the building block of ``CombineReducers``.
///
/// `Sendable` when both reducers are.
public struct ReducerSequence<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  /// Creates the pair; `first` runs before `second`.
  ///
  /// - Parameters:
  ///   - first: The reducer that runs first.
  ///   - second: The reducer that runs second.
  @inlinable
  public init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  /// Runs `first`, then `second`, and merges their effects.
  @inlinable
  public func reduce(
    into state: inout First.State, action: First.Action
  ) -> Effect<First.Action> {
    let a = first.reduce(into: &state, action: action)
    let b = second.reduce(into: &state, action: action)
    return a.merge(with: b)
  }

  /// Runs both reducers' start, in order.
  @inlinable
  public func reduceStoreStart(into state: inout First.State) -> Effect<First.Action> {
    let a = first.reduceStoreStart(into: &state)
    let b = second.reduceStoreStart(into: &state)
    return a.merge(with: b)
  }
}

extension ReducerSequence: Sendable where First: Sendable, Second: Sendable {}
