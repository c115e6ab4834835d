// The same logic written as a `body` (built again for every action, as in TCA) and run from a
// `reduce`, for the "body against reduce" benchmarks and instruction counts. In this module, so
// a client sees declarations only (see Counter.swift): a loop cannot fold the reducers away.

public import StoreKernel

/// The trivial reducer written as a body: one `Reduce` that increments.
public struct BodyCounter: Reducer {
  /// A reducer with no configuration.
  public init() {}

  /// Adds one to the count; returns no effect.
  public var body: some Reducer<Int, CounterAction> {
    Reduce { count, _ in
      count &+= 1
      return .none
    }
  }
}

/// A parent with a child in a stored property and an optional child: the parts of a feature a
/// body composes most often.
public struct ComposedState: Sendable {
  /// The child's count.
  public var child = 0
  /// The optional child's count, present.
  public var optional: Int? = 0
  /// How many actions the parent's own logic saw.
  public var parentRuns = 0

  /// A parent whose optional child is present.
  public init() {}
}

/// The parent's actions: one for each child, and its own.
public enum ComposedAction: Sendable {
  /// An action of the child.
  case child(CounterAction)
  /// An action of the optional child.
  case optional(CounterAction)
  /// The parent's own action.
  case tap

  static let childPath = ActionPath<Self, CounterAction>(
    embed: Self.child, extract: { if case .child(let action) = $0 { action } else { nil } })
  static let optionalPath = ActionPath<Self, CounterAction>(
    embed: Self.optional, extract: { if case .optional(let action) = $0 { action } else { nil } })
}

/// The parent written as TCA users write it: `Scope`, `Reduce` and `ifLet` in a body.
public struct ComposedBody: Reducer {
  /// A reducer with no configuration.
  public init() {}

  /// The child, the parent's logic, and the optional child.
  public var body: some Reducer<ComposedState, ComposedAction> {
    Scope(state: \.child, action: ComposedAction.childPath) { Counter() }
    Reduce { state, _ in
      state.parentRuns &+= 1
      return .none
    }
    .ifLet(\.optional, action: ComposedAction.optionalPath) { Counter() }
  }
}

/// The same reducers, composed once when the reducer is made and run from `reduce`.
public struct ComposedOnce: Reducer {
  let composed: ComposedBody.Body

  /// Composes the reducers.
  public init() {
    composed = ComposedBody().body
  }

  /// Runs the reducers composed at `init`.
  ///
  /// - Parameters:
  ///   - state: The parent's state.
  ///   - action: The action.
  /// - Returns: The effects, merged.
  public func reduce(
    into state: inout ComposedState, action: ComposedAction
  ) -> Effect<ComposedAction> {
    composed.reduce(into: &state, action: action)
  }
}
