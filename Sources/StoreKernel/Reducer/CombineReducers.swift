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
}

extension CombineReducers: Sendable where Reducers: Sendable {}

/// Builds a chain of reducers of one domain; each runs in turn and their effects merge.
///
/// A namespace: no values.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  /// A reducer of the builder's domain, which also tells a `Reduce { state, action in … }` its
  /// types.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// A single reducer stands for itself.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// Appends the next reducer to the chain built so far.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    ReducerSequence(first: accumulated, second: next)
  }
}

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
}

extension ReducerSequence: Sendable where First: Sendable, Second: Sendable {}
