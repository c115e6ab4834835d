/// A pure, synchronous description of how a feature's state evolves in response to actions.
///
/// A reducer mutates `state` in place and returns the ``Effect`` that should run afterwards.
/// All side effects (I/O, time, randomness) belong in the returned effect, never in the body.
///
/// There are two ways to write one, as in TCA. Compose other reducers in ``body``, built with
/// ``ReducerBuilder`` (the store runs it through the default ``reduce(into:action:)``):
///
/// ```swift
/// struct Stepper: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable, Sendable { case increment, decrement }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .increment: state.count += 1
///       case .decrement: state.count -= 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
///
/// or implement ``reduce(into:action:)`` alone, for a reducer that composes nothing:
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
/// Implement one of the two. When a type implements both, the store calls `reduce`; its body is
/// not run. A body is built again for every action, as in TCA: keep its construction cheap
/// (properties and values, no work).
///
/// Reducers are values; whether a conforming type is `Sendable` is up to it. Stores only call
/// them on their own actor.
public protocol Reducer<State, Action> {
  /// The state this reducer evolves.
  associatedtype State
  /// The actions this reducer understands. Actions cross into effects, so they are `Sendable`.
  associatedtype Action: Sendable
  /// The type of ``body``: a reducer of the same domain, or `Never` for a reducer that
  /// implements ``reduce(into:action:)`` itself.
  associatedtype Body

  /// Evolves `state` for `action` and returns the work to do next.
  ///
  /// A reducer whose ``body`` is a reducer of its domain gets this method from it.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to handle.
  /// - Returns: The effect to run, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// What this reducer does when a store starts with it, once, before its first action: the
  /// effects to run from the store's start.
  ///
  /// Reducers do nothing then, and need not implement it: the kernel's operators (`Scope`,
  /// `ifLet`, `forEach`, a body's reducers) pass it on to the reducers they hold, and a
  /// reducer with a ``body`` gets it from its body. A feature that a FeatureBridge `ifLet`
  /// presents from the store's initial state starts here, so that it runs from the store's
  /// start, as it would had it been presented later. A reducer that implements
  /// ``reduce(into:action:)`` around another reducer passes it on in the same way, or the
  /// reducers it holds do nothing at the start.
  ///
  /// - Parameter state: The store's initial state, which it may change as an action may.
  /// - Returns: The effects to run, or ``Effect/none``.
  func reduceStoreStart(into state: inout State) -> Effect<Action>

  /// The reducers this one is made of, run in order for every action.
  ///
  /// Built with ``ReducerBuilder``: list reducers, one per line, with `if`, `switch`, `for`
  /// and `#available` as in any result builder. Never read it to run a reducer: call
  /// ``reduce(into:action:)``, which a reducer that implements it does not route through its
  /// body.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer {
  /// Nothing happens at the store's start: the default for a reducer that holds no other.
  ///
  /// - Parameter state: The store's initial state.
  /// - Returns: ``Effect/none``.
  @inlinable
  public func reduceStoreStart(into state: inout State) -> Effect<Action> {
    .none
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; reading it traps.
  public var body: Never {
    fatalError(
      "\(Self.self) has no body: it implements reduce(into:action:). Run a reducer with "
        + "reduce(into:action:), never through its body.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``, built again for this action.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to handle.
  /// - Returns: The effects of the body's reducers, merged.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  /// Runs the start of ``body``'s reducers.
  ///
  /// - Parameter state: The store's initial state.
  /// - Returns: The effects of the body's reducers at the store's start, merged.
  @inlinable
  public func reduceStoreStart(into state: inout State) -> Effect<Action> {
    body.reduceStoreStart(into: &state)
  }
}

/// A reducer of `R`'s domain, for a body's type: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

/// A store of `R`'s domain: `let store: StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// An effect of `R`'s actions: `func load() -> EffectOf<Self>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
