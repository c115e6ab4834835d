extension Reducer {
  /// Runs `child` on optional child state when it is present; child actions that arrive while
  /// the state is `nil` are ignored, and reported through `onMissingState` when given.
  ///
  /// The child runs first, then this reducer, so a parent can set the child state to `nil` when
  /// it sees one of the child's delegate actions.
  ///
  /// - Parameters:
  ///   - state: Where the optional child state is stored.
  ///   - action: How the child's actions sit inside this reducer's actions.
  ///   - onMissingState: Called with a child action that arrived while the state was `nil`.
  ///   - child: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    onMissingState: ((ChildAction) -> Void)? = nil,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Reduce<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    let child = child()
    return Reduce { parentState, parentAction in
      var effects: Effect<Action> = .none
      if let childAction = action.extract(parentAction) {
        if parentState[keyPath: state] != nil {
          effects = child.reduce(into: &parentState[keyPath: state]!, action: childAction)
            .map(action.embed)
        } else {
          onMissingState?(childAction)
        }
      }
      return effects.merge(with: self.reduce(into: &parentState, action: parentAction))
    }
  }
}
