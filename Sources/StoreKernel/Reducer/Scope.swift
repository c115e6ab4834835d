/// Runs a child reducer on a part of the parent's state, for the child's actions only: seed 004's
/// pullback.
///
/// Actions the path does not match pass through untouched and cost one `extract` call. Child
/// effects are mapped back into parent actions.
///
/// ```swift
/// Scope(state: \.counter, action: AppAction.counterPath) { Counter() }
/// ```
///
/// `Sendable` when the child reducer is.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: any WritableKeyPath<ParentState, Child.State> & Sendable
  @usableFromInline let toChildAction: ActionPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `state` and the actions matched by `action`.
  ///
  /// - Parameters:
  ///   - state: Where the child's state is stored in the parent's state.
  ///   - action: How the child's actions sit inside the parent's actions.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = state
    self.toChildAction = action
    self.child = child()
  }

  /// Runs the child reducer when `action` is one of its actions.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    return child.reduce(into: &state[keyPath: toChildState], action: childAction)
      .map(toChildAction.embed)
  }
}

extension Scope: Sendable where Child: Sendable, ParentState: Sendable {}
