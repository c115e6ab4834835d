/// A pure, synchronous description of how a feature's state evolves in response to actions.
///
/// A reducer mutates `state` in place and returns the ``Effect`` that should run afterwards.
/// All side effects (I/O, time, randomness) belong in the returned effect, never in the body.
///
/// ```swift
/// enum CounterAction: Equatable, Sendable { case increment, decrement }
///
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
///     return .none
///   }
/// }
/// ```
///
/// Reducers are values; whether a conforming type is `Sendable` is up to it. Stores only call
/// them on their own actor.
public protocol Reducer<State, Action> {
  /// The state this reducer evolves.
  associatedtype State
  /// The actions this reducer understands. Actions cross into effects, so they are `Sendable`.
  associatedtype Action: Sendable

  /// Evolves `state` for `action` and returns the work to do next.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to handle.
  /// - Returns: The effect to run, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}
