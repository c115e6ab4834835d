// Every operator that finds a child's actions inside the parent's takes the enum case itself,
// its constructor, where it takes an ``ActionPath``: `Scope(state: \.counter, action:
// Action.counter) { Counter() }`, TCA's `Scope(state: \.counter, action: \.counter)`. The
// path is ``CasePath/init(_:)``: no extract written by hand, and a few microseconds an action
// to read the case by reflection (docs/performance.md, "Case paths from the case"). A scope
// that sees every keystroke keeps a hand-written ``ActionPath``.

extension Scope {
  /// Scopes `child` to the state at `state` and the actions of the case `action`.
  ///
  /// - Parameters:
  ///   - state: Where the child's state is stored in the parent's state.
  ///   - action: The case of the parent's actions that holds the child's, by its constructor.
  ///   - child: Builds the child reducer.
  public init<ChildState, ChildAction>(
    state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: CasePath(action), child: child)
  }

  /// Scopes `child` to the state at `state` and the actions of the case `action`, the state
  /// unlabeled: TCA's `Scope(\.counter, action: \.counter) { Counter() }`.
  ///
  /// - Parameters:
  ///   - state: Where the child's state is stored in the parent's state.
  ///   - action: The case of the parent's actions that holds the child's, by its constructor.
  ///   - child: Builds the child reducer.
  public init<ChildState, ChildAction>(
    _ state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: CasePath(action), child: child)
  }

  /// Scopes `child` to one case of an enum state and the actions of the case `action`.
  ///
  /// - Parameters:
  ///   - state: The case of the parent's state that holds the child's state.
  ///   - action: The case of the parent's actions that holds the child's, by its constructor.
  ///   - fileID: Where the scope is, for the report.
  ///   - line: Where the scope is, for the report.
  ///   - child: Builds the child reducer.
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: CasePath(action), fileID: fileID, line: line, child: child)
  }
}

extension Reducer {
  /// `ifLet` with the child's case by its
  /// constructor.
  ///
  /// - Parameters:
  ///   - state: Where the optional child state is stored.
  ///   - action: The case of this reducer's actions that holds the child's, by its constructor.
  ///   - onMissingState: Handles a child action that arrived while the state was `nil`.
  ///   - fileID: Where the `ifLet` is, for the report.
  ///   - line: Where the `ifLet` is, for the report.
  ///   - child: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: @escaping @Sendable (ChildAction) -> Action,
    onMissingState: ((ChildAction) -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Reduce<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(
      state, action: CasePath(action), onMissingState: onMissingState, fileID: fileID,
      line: line, then: child)
  }

  /// `ifLet` with the presentation's case by its
  /// constructor: TCA's `.ifLet(\.$destination, action: \.destination) { … }`.
  ///
  /// - Parameters:
  ///   - state: Where the presented child's state is stored.
  ///   - action: The case of this reducer's actions that holds the presentation's, by its
  ///     constructor.
  ///   - fileID: Where the `ifLet` is, for the report.
  ///   - line: Where the `ifLet` is, for the report.
  ///   - destination: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifLet<ChildState, ChildAction, Destination: Reducer>(
    _ state: any WritableKeyPath<State, PresentationState<ChildState>> & Sendable,
    action: @escaping @Sendable (PresentationAction<ChildAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where ChildState == Destination.State, ChildAction == Destination.Action {
    ifLet(state, action: CasePath(action), fileID: fileID, line: line, destination: destination)
  }

  /// `ifLet` for an alert, with its case by its constructor.
  ///
  /// - Parameters:
  ///   - state: Where the alert is stored.
  ///   - action: The case of this reducer's actions that holds the alert's, by its constructor.
  ///   - fileID: Where the `ifLet` is, for the report.
  ///   - line: Where the `ifLet` is, for the report.
  /// - Returns: A reducer that dismisses the alert after its button's action.
  public func ifLet<AlertAction: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<AlertState<AlertAction>>> & Sendable,
    action: @escaping @Sendable (PresentationAction<AlertAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    ifLet(state, action: CasePath(action), fileID: fileID, line: line)
  }

  /// `ifLet` for a confirmation dialog, with its case by its constructor.
  ///
  /// - Parameters:
  ///   - state: Where the dialog is stored.
  ///   - action: The case of this reducer's actions that holds the dialog's, by its
  ///     constructor.
  ///   - fileID: Where the `ifLet` is, for the report.
  ///   - line: Where the `ifLet` is, for the report.
  /// - Returns: A reducer that dismisses the dialog after its button's action.
  public func ifLet<DialogAction: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<ConfirmationDialogState<DialogAction>>>
      & Sendable,
    action: @escaping @Sendable (PresentationAction<DialogAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    ifLet(state, action: CasePath(action), fileID: fileID, line: line)
  }

  /// `forEach` for a navigation stack, with its case by its
  /// constructor: TCA's `.forEach(\.path, action: \.path) { … }`.
  ///
  /// - Parameters:
  ///   - stack: Where the stack is stored.
  ///   - action: The case of this reducer's actions that holds the stack's, by its constructor.
  ///   - fileID: Where the `forEach` is, for the report.
  ///   - line: Where the `forEach` is, for the report.
  ///   - destination: Builds the reducer of an element.
  /// - Returns: A reducer that runs both.
  public func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where ElementState == Destination.State, ElementAction == Destination.Action {
    forEach(stack, action: CasePath(action), fileID: fileID, line: line, destination: destination)
  }

  /// `forEach` over an `IdentifiedArray`, with its case by its
  /// constructor: TCA's `.forEach(\.rows, action: \.rows) { … }`.
  ///
  /// - Parameters:
  ///   - elements: Where the elements are stored.
  ///   - action: The case of this reducer's actions that holds an element's, by its
  ///     constructor.
  ///   - fileID: Where the `forEach` is, for the report.
  ///   - line: Where the `forEach` is, for the report.
  ///   - element: Builds the reducer of an element.
  /// - Returns: A reducer that runs both.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ elements: any WritableKeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Reduce<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    forEach(elements, action: CasePath(action), fileID: fileID, line: line, element: element)
  }
}

extension Reducer {
  /// `ifCaseLet` for a reducer whose state is the enum itself, each case by its constructor:
  /// TCA's `.ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }`.
  ///
  /// ```swift
  /// .ifCaseLet(State.loggedIn, action: Action.loggedIn) {
  ///   Counter()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The case of this reducer's state that holds the child's, by its constructor.
  ///   - action: The case of this reducer's actions that holds the child's, by its constructor.
  ///   - fileID: Where the `ifCaseLet` is, for the report.
  ///   - line: Where the `ifCaseLet` is, for the report.
  ///   - child: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ state: @escaping @Sendable (ChildState) -> State,
    action: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Reduce<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    ifCaseLet(
      \State.self, state: CasePath(state), action: CasePath(action), fileID: fileID, line: line,
      then: child)
  }

  /// `ifCaseLet` for a reducer whose state is the enum itself, by case paths: for a scope that
  /// sees every keystroke, with hand-written paths.
  ///
  /// - Parameters:
  ///   - state: The case of this reducer's state that holds the child's.
  ///   - action: How the child's actions sit inside this reducer's actions.
  ///   - fileID: Where the `ifCaseLet` is, for the report.
  ///   - line: Where the `ifCaseLet` is, for the report.
  ///   - child: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ state: CasePath<State, ChildState>,
    action: ActionPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Reduce<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    ifCaseLet(\State.self, state: state, action: action, fileID: fileID, line: line, then: child)
  }
}
