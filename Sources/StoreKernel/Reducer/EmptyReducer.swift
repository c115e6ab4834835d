/// A reducer that changes nothing and runs no effect: an empty ``ReducerBuilder`` block, or a
/// placeholder child.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   EmptyReducer()
/// }
/// ```
///
/// `Sendable`.
public struct EmptyReducer<State, Action: Sendable>: Reducer, Sendable {
  /// Creates the reducer.
  @inlinable
  public init() {}

  /// Returns ``Effect/none`` and leaves the state as it was.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
