extension Reducer {
  /// Runs `destination` on a presented child (``PresentationState``), with TCA's presentation
  /// semantics.
  ///
  /// - A child action (``PresentationAction/presented(_:)``) runs the child first, then this
  ///   reducer. One that arrives while nothing is presented is reported through
  ///   ``IssueReporter`` (a test failure under StoreKernelTesting) and reaches no child.
  /// - ``PresentationAction/dismiss`` runs this reducer while the child is still there, then
  ///   sets the state to `nil` (unless this reducer presented another child meanwhile).
  ///   One that arrives while nothing is presented is reported too.
  /// - The child's effects end with the child: they are cancelled when its state becomes `nil`
  ///   or another child takes its place (another id for an `Identifiable` child, another case
  ///   of an enum destination), however that happened. The child's cancellation ids are its
  ///   own, as with ``ifLet(_:action:onMissingState:fileID:line:then:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_)``.
  /// - The child's effects can dismiss it with the ``DependencyValues/dismiss`` dependency.
  /// - An alert or a confirmation dialog (or an enum destination in such a case) is dismissed
  ///   by itself after one of its buttons' actions has run.
  ///
  /// ```swift
  /// .ifLet(\.$editor, action: Action.editor) { Editor() }
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the presentation state is: its projected value, `\.$editor`.
  ///   - action: How the child's presentation actions sit inside this reducer's actions.
  ///   - fileID: Where the `ifLet` is, for reports.
  ///   - line: Where the `ifLet` is, for reports.
  ///   - destination: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  @inlinable
  public func ifLet<ChildState, ChildAction, Destination: Reducer>(
    _ state: any WritableKeyPath<State, PresentationState<ChildState>> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where ChildState == Destination.State, ChildAction == Destination.Action {
    Presentation(
      parent: self, state: state, action: action, child: destination(), fileID: fileID,
      line: line
    ).reducer
  }

  /// The presentation `ifLet`, for a child that leaves its state alone on the actions
  /// `passes` says it does nothing with (FeatureBridge's presented feature, whose state is the
  /// value it was presented with): those reach the parent without running the child, and
  /// without writing the presented state.
  @inlinable
  package func ifLet<ChildState, ChildAction, Destination: Reducer>(
    _ state: any WritableKeyPath<State, PresentationState<ChildState>> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString,
    line: UInt,
    passing passes: @escaping (ChildAction) -> Bool,
    destination: () -> Destination
  ) -> Reduce<State, Action>
  where ChildState == Destination.State, ChildAction == Destination.Action {
    Presentation(
      parent: self, state: state, action: action, child: destination(), fileID: fileID,
      line: line, passes: passes
    ).reducer
  }

  /// Presents an alert with TCA's presentation semantics and no child reducer: the alert is
  /// dismissed after one of its buttons' actions has run this reducer, or by
  /// ``PresentationAction/dismiss``.
  ///
  /// ```swift
  /// Detail().ifLet(\.$alert, action: Detail.Action.alertPath)
  /// ```
  ///
  /// - Parameters:
  ///   - state: Where the alert's presentation state is: `\.$alert`.
  ///   - action: How the alert's presentation actions sit inside this reducer's actions.
  ///   - fileID: Where the `ifLet` is, for reports.
  ///   - line: Where the `ifLet` is, for reports.
  /// - Returns: A reducer that runs this one and dismisses the alert.
  public func ifLet<AlertAction: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<AlertState<AlertAction>>> & Sendable,
    action: ActionPath<Action, PresentationAction<AlertAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    ifLet(state, action: action, fileID: fileID, line: line) {
      Reduce<AlertState<AlertAction>, AlertAction> { _, _ in .none }
    }
  }

  /// Presents a confirmation dialog with TCA's presentation semantics and no child reducer: the
  /// dialog is dismissed after one of its buttons' actions has run this reducer, or by
  /// ``PresentationAction/dismiss``.
  ///
  /// - Parameters:
  ///   - state: Where the dialog's presentation state is: `\.$dialog`.
  ///   - action: How the dialog's presentation actions sit inside this reducer's actions.
  ///   - fileID: Where the `ifLet` is, for reports.
  ///   - line: Where the `ifLet` is, for reports.
  /// - Returns: A reducer that runs this one and dismisses the dialog.
  public func ifLet<DialogAction: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<ConfirmationDialogState<DialogAction>>>
      & Sendable,
    action: ActionPath<Action, PresentationAction<DialogAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    ifLet(state, action: action, fileID: fileID, line: line) {
      Reduce<ConfirmationDialogState<DialogAction>, DialogAction> { _, _ in .none }
    }
  }
}

/// The parts of a presentation `ifLet`, and the reducer they make.
///
/// Inlinable, so that it runs specialized for the parent's and the child's types in the module
/// that presents: unspecialized, each step looked up the metadata of a dozen generic types and
/// a presented child's action cost several times a store's send (docs/performance.md).
///
/// A class, so that the two closures of its reducer (an action's and the store's start) share
/// it as their one capture, with no context of their own to allocate: a body that presents
/// builds it again for every action.
@usableFromInline
final class Presentation<Parent: Reducer, Child: Reducer> {
  @usableFromInline let parent: Parent
  @usableFromInline let state: WritableKeyPath<Parent.State, PresentationState<Child.State>>
  @usableFromInline let action: ActionPath<Parent.Action, PresentationAction<Child.Action>>
  @usableFromInline let child: Child
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let kind = PresentedKind()
  /// The child actions the child does nothing with, which need not run it.
  @usableFromInline let passes: ((Child.Action) -> Bool)?

  @inlinable
  init(
    parent: Parent,
    state: any WritableKeyPath<Parent.State, PresentationState<Child.State>> & Sendable,
    action: ActionPath<Parent.Action, PresentationAction<Child.Action>>, child: Child,
    fileID: StaticString, line: UInt, passes: ((Child.Action) -> Bool)? = nil
  ) {
    self.parent = parent
    self.state = state
    self.action = action
    self.child = child
    self.fileID = fileID
    self.line = line
    self.passes = passes
  }

  @inlinable
  var reducer: Reduce<Parent.State, Parent.Action> {
    Reduce(start: { self.start(into: &$0) }) { parentState, parentAction in
      self.reduce(into: &parentState, action: parentAction)
    }
  }

  /// At the store's start: a child already presented starts first, then the parent; the child
  /// is recorded as presented, as after an action.
  @inlinable
  func start(into parentState: inout Parent.State) -> Effect<Parent.Action> {
    let recorded = parentState[keyPath: state].presented
    var childEffects: Effect<Parent.Action> = .none
    if let id = identity(in: parentState[keyPath: state]) {
      let embed = action.embed
      childEffects =
        child
        .reduceStoreStart(into: &parentState[keyPath: state].wrappedValue!)
        .map { embed(.presented($0)) }
        .dismissing(with: embed(.dismiss))
        .scoped(to: id)
    }
    let effects = childEffects.merge(with: parent.reduceStoreStart(into: &parentState))
    return record(since: recorded, in: &parentState, effects: effects)
  }

  /// The identity of the child presented in `presentation`, or `nil`: the one recorded at the
  /// end of the last run while the state is unchanged since, otherwise read again.
  @inlinable
  func identity(in presentation: PresentationState<Child.State>) -> NavigationID? {
    if let presented = presentation.presented, presented.stamp == presentation.stamp {
      return presented.id
    }
    // A state with no identity of its own is read no further than whether it is there.
    if kind.isKnownPlain == true {
      return presentation.isPresented ? NavigationID(place: state, identity: nil) : nil
    }
    return presentation.wrappedValue.map { .presented($0, at: state, kind: kind) }
  }

  @inlinable
  func reduce(
    into parentState: inout Parent.State, action parentAction: Parent.Action
  ) -> Effect<Parent.Action> {
    let extracted = action.extract(parentAction)
    // What was recorded, and for the child's own actions who is presented: one read of the
    // presentation for both (each read walks the key path). The copy ends here, before the
    // child's reducer writes the state.
    let (recorded, presented): (PresentedChild?, NavigationID?) = {
      let presentation = parentState[keyPath: state]
      if case .none = extracted { return (presentation.presented, nil) }
      return (presentation.presented, identity(in: presentation))
    }()
    var childEffects: Effect<Parent.Action> = .none
    let parentEffects: Effect<Parent.Action>

    switch extracted {
    case .dismiss?:
      guard let id = presented else {
        report("a dismiss action", parentAction)
        parentEffects = parent.reduce(into: &parentState, action: parentAction)
        break
      }
      parentEffects = parent.reduce(into: &parentState, action: parentAction)
      // Unless the parent presented another child meanwhile.
      if identity(in: parentState[keyPath: state]) == id {
        parentState[keyPath: state].wrappedValue = nil
      }

    case .presented(let childAction)?:
      guard let id = presented else {
        report("a child action", parentAction)
        parentEffects = parent.reduce(into: &parentState, action: parentAction)
        break
      }
      if let passes, passes(childAction) {
        parentEffects = parent.reduce(into: &parentState, action: parentAction)
        break
      }
      // A recorded child is never ephemeral; read the state's type only for the others.
      let ephemeral =
        recorded?.id == id
        ? nil
        : parentState[keyPath: state].wrappedValue.flatMap { Ephemeral.type(of: $0, kind: kind) }
      let embed = action.embed
      childEffects =
        child
        .reduce(into: &parentState[keyPath: state].wrappedValue!, action: childAction)
        .map { embed(.presented($0)) }
        .dismissing(with: embed(.dismiss))
        .scoped(to: id)
      parentEffects = parent.reduce(into: &parentState, action: parentAction)
      if let ephemeral, Ephemeral.isButtonAction(childAction, of: ephemeral),
        identity(in: parentState[keyPath: state]) == id
      {
        parentState[keyPath: state].wrappedValue = nil
      }

    case nil:
      parentEffects = parent.reduce(into: &parentState, action: parentAction)
    }

    return record(
      since: recorded, in: &parentState, effects: childEffects.merge(with: parentEffects))
  }

  /// Records the child presented now, when it is not `recorded`, the one recorded before the
  /// step; returns `effects` with the cancellation of the child that went, if one did.
  @inlinable @inline(__always)
  func record(
    since recorded: PresentedChild?, in parentState: inout Parent.State,
    effects: Effect<Parent.Action>
  ) -> Effect<Parent.Action> {
    let presentation = parentState[keyPath: state]
    // Not written since it was recorded: the same child, with nothing to record.
    if let recorded, recorded.stamp == presentation.stamp { return effects }
    let now = identity(in: presentation)
    if now == nil, recorded == nil { return effects }
    if let now, now == recorded?.id {
      if recorded?.stamp != presentation.stamp {
        parentState[keyPath: state].presented = PresentedChild(id: now, stamp: presentation.stamp)
      }
      return effects
    }
    // Another child, or none: an ephemeral one (an alert) has no effects, so is not recorded.
    let isEphemeral = presentation.wrappedValue.map { Ephemeral.type(of: $0, kind: kind) != nil }
    parentState[keyPath: state].presented =
      now.flatMap { isEphemeral == true ? nil : PresentedChild(id: $0, stamp: presentation.stamp) }
    guard let gone = recorded?.id else { return effects }
    return effects.merge(with: .cancel(navigation: gone))
  }

  @usableFromInline
  func report(_ what: String, _ parentAction: Parent.Action) {
    IssueReporter.report(
      "An ifLet at \(fileID):\(line) received \(what) while nothing was presented: "
        + "\(parentAction). It reached no child. A view or an effect outlived the child, or "
        + "another reducer dismissed it before this ifLet ran.")
  }
}
