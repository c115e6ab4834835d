/// Builds a chain of reducers of one domain: each runs in turn and their effects merge.
///
/// It builds a reducer's ``Reducer/body``, ``CombineReducers``, and the child of ``Scope``,
/// `ifLet`, `forEach` and the other operators. A block lists reducers, one per line; `if`,
/// `if let`, `else`, `switch`, `for` loops and `if #available` choose which run:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   if isLogging {
///     Logging()
///   }
///   Reduce { state, action in
///     .none
///   }
///   .ifLet(\.$editor, action: Action.editorPath) { Editor() }
/// }
/// ```
///
/// An empty block is ``EmptyReducer``. A namespace: no values.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  /// A reducer of the builder's domain, which also tells a `Reduce { state, action in … }` its
  /// types.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// An empty block does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
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

  /// An `if` without `else` (or an `if let`): its reducers run when the condition held.
  @inlinable
  public static func buildOptional<R: Reducer>(_ wrapped: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(wrapped)
  }

  /// The first branch of an `if`–`else` or a `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: First
  ) -> ConditionalReducer<First, Second>
  where First.State == State, First.Action == Action {
    .first(reducer)
  }

  /// The second branch of an `if`–`else` or a `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: Second
  ) -> ConditionalReducer<First, Second>
  where Second.State == State, Second.Action == Action {
    .second(reducer)
  }

  /// A `for` loop: the reducers of every iteration, in order.
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> ReducerArray<R>
  where R.State == State, R.Action == Action {
    ReducerArray(reducers)
  }

  /// The reducers of an `if #available` block, their type erased so the body's type does not
  /// name a type that older systems lack.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ wrapped: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(wrapped)
  }
}
