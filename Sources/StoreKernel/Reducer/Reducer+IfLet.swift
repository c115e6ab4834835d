extension Reducer {
  /// Runs `child` on optional child state when it is present.
  ///
  /// The child runs first, then this reducer, so a parent can set the child state to `nil` when
  /// it sees one of the child's delegate actions.
  ///
  /// **Child effects live as long as the child.** Every effect the child returns is cancelled
  /// when its state becomes `nil`, and, for an `Identifiable` child, when it is replaced by a
  /// child with another id: a closed editor's timer stops, and an old child's late response
  /// never reaches the new one. Effects of the child's own children go with it. The child's
  /// cancellation ids are scoped to it: `.cancel(id:)` in the child reaches only the child's
  /// effects (and its descendants'), while the same id cancelled by this reducer (or an
  /// ancestor) reaches the child's too, as in TCA.
  ///
  /// A child action that arrives while the state is `nil` is a bug in the parent (a view or an
  /// effect outlived the child): it is reported through ``IssueReporter`` (a test failure under
  /// StoreKernelTesting), unless `onMissingState` handles it.
  ///
  /// ```swift
  /// Screen().ifLet(\.editor, action: Screen.Action.editorPath) { Editor() }
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the optional child state is stored.
  ///   - action: How the child's actions sit inside this reducer's actions.
  ///   - onMissingState: Handles a child action that arrived while the state was `nil`,
  ///     instead of reporting it.
  ///   - fileID: Where the `ifLet` is, for the report.
  ///   - line: Where the `ifLet` is, for the report.
  ///   - child: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    onMissingState: ((ChildAction) -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Reduce<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    let child = child()
    let place: AnyKeyPath = state
    func navigation(_ childState: ChildState?) -> NavigationID? {
      childState.map { NavigationID(place: place, identity: NavigationID.identity(of: $0)) }
    }
    // At the store's start, a child already there starts first, as its actions run first.
    let start = { (parentState: inout State) -> Effect<Action> in
      var childEffects: Effect<Action> = .none
      if let id = navigation(parentState[keyPath: state]) {
        childEffects = child.reduceStoreStart(into: &parentState[keyPath: state]!)
          .map(action.embed).scoped(to: id)
      }
      return childEffects.merge(with: self.reduceStoreStart(into: &parentState))
    }
    return Reduce(start: start) { parentState, parentAction in
      let before = navigation(parentState[keyPath: state])
      var childEffects: Effect<Action> = .none
      if let childAction = action.extract(parentAction) {
        if let id = before {
          childEffects = child.reduce(into: &parentState[keyPath: state]!, action: childAction)
            .map(action.embed).scoped(to: id)
        } else if let onMissingState {
          onMissingState(childAction)
        } else {
          IssueReporter.report(
            "An ifLet at \(fileID):\(line) received a child action when its child state was "
              + "nil: \(childAction). A view or an effect outlived the child; cancel the "
              + "child's effects or stop sending when the child is gone.")
        }
      }
      let parentEffects = self.reduce(into: &parentState, action: parentAction)
      guard let before, before != navigation(parentState[keyPath: state]) else {
        return childEffects.merge(with: parentEffects)
      }
      return .merge(childEffects, parentEffects, .cancel(navigation: before))
    }
  }

  /// Runs `child` on the state of one case of an enum when the state is in that case.
  ///
  /// Like ``ifLet(_:action:onMissingState:fileID:line:then:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_)`` for enum state (a destination,
  /// a screen that is one of several): the child's effects are cancelled when the state
  /// leaves the case (or, for an `Identifiable` case value, when it changes id), and a child
  /// action that arrives while the state is in another case is reported.
  ///
  /// ```swift
  /// App().ifCaseLet(
  ///   \.destination, state: Destination.editorPath,
  ///   action: App.Action.editorPath
  /// ) { Editor() }
  /// ```
  ///
  /// - Parameters:
  ///   - enumState: Where the enum state is stored in this reducer's state.
  ///   - casePath: The case that holds the child's state.
  ///   - action: How the child's actions sit inside this reducer's actions.
  ///   - fileID: Where the `ifCaseLet` is, for the report.
  ///   - line: Where the `ifCaseLet` is, for the report.
  ///   - child: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifCaseLet<EnumState, ChildState, ChildAction, Child: Reducer>(
    _ enumState: any WritableKeyPath<State, EnumState> & Sendable,
    state casePath: CasePath<EnumState, ChildState>,
    action: ActionPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Reduce<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    let child = child()
    let place: AnyKeyPath = enumState
    func navigation(_ state: EnumState) -> NavigationID? {
      casePath.extract(state).map {
        NavigationID(
          place: place,
          identity: NavigationID.identity(of: $0) ?? AnyHashable(ObjectIdentifier(Child.self)))
      }
    }
    let start = { (parentState: inout State) -> Effect<Action> in
      var childEffects: Effect<Action> = .none
      if let id = navigation(parentState[keyPath: enumState]),
        var childState = casePath.extract(parentState[keyPath: enumState])
      {
        childEffects = child.reduceStoreStart(into: &childState).map(action.embed).scoped(to: id)
        parentState[keyPath: enumState] = casePath.embed(childState)
      }
      return childEffects.merge(with: self.reduceStoreStart(into: &parentState))
    }
    return Reduce(start: start) { parentState, parentAction in
      let before = navigation(parentState[keyPath: enumState])
      var childEffects: Effect<Action> = .none
      if let childAction = action.extract(parentAction) {
        if let id = before, var childState = casePath.extract(parentState[keyPath: enumState]) {
          childEffects = child.reduce(into: &childState, action: childAction)
            .map(action.embed).scoped(to: id)
          parentState[keyPath: enumState] = casePath.embed(childState)
        } else {
          IssueReporter.report(
            "An ifCaseLet at \(fileID):\(line) received a child action when its state was in "
              + "another case: \(childAction). A view or an effect outlived the child; cancel "
              + "the child's effects or stop sending when the state changes case.")
        }
      }
      let parentEffects = self.reduce(into: &parentState, action: parentAction)
      guard let before, before != navigation(parentState[keyPath: enumState]) else {
        return childEffects.merge(with: parentEffects)
      }
      return .merge(childEffects, parentEffects, .cancel(navigation: before))
    }
  }
}
