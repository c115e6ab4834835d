public import StoreKernel

extension Reducer {
  /// Presents a feature that runs in a store of its own: a black box the parent starts with a
  /// value it holds, sends inputs and hears outputs from, with TCA's presentation semantics.
  ///
  /// - The parent's state holds the value it presents the feature with (`@PresentationState
  ///   var recorder: Recording?`), never the feature's state. Setting it starts the feature, on
  ///   this store's actor, in a store of its own, with `feature`, the launcher its module
  ///   publishes (a test puts a fake in its place: `$0[feature: RecorderFeature.launcher] =
  ///   .fake()`). A value already there in the store's initial state starts the feature at
  ///   the store's start (`reduceStoreStart(into:)`), before any action: it runs from then,
  ///   and the store's first action can send it an input.
  /// - The parent sends the feature inputs with `.presented(.input(_:))` (from its reducer, as
  ///   an effect: `.send(.recorder(.presented(.input(.stop))))`); the feature's outputs arrive
  ///   as `.presented(.output(_:))`, for an exhaustive `switch` on the feature's `Output`, at
  ///   once: each is sent to this store as the feature emits it, on the actor they share.
  /// - The feature stops when it is dismissed (`.dismiss`, the state set to `nil`, or the
  ///   feature's own `dismiss()`), when another value takes its place, and when the parent's
  ///   store stops or goes. What it emits afterwards reaches nobody; an input or an output for a
  ///   feature that is not presented is reported (a test failure under StoreKernelTesting).
  ///
  /// ```swift
  /// .ifLet(\.$recording, action: Action.recorder, feature: RecorderFeature.launcher)
  /// ```
  ///
  /// The feature runs in a store of its own, unless the host chose to compose presented
  /// features into their parent's store (`featureHosting = .composed`, ``FeatureHosting``):
  /// then a launcher made from the feature's recipe keeps the feature's state beside the
  /// presented value, from the same declaration
  /// (docs/decisions/0019-the-feature-boundary-today.md).
  ///
  /// - Parameters:
  ///   - state: Where the presented value is: the presentation state's projected value.
  ///   - action: How the feature's presentation actions sit inside this reducer's actions.
  ///   - feature: The feature's launcher, as its module publishes it.
  ///   - fileID: Where the `ifLet` is, for reports.
  ///   - line: Where the `ifLet` is, for reports.
  /// - Returns: A reducer that runs this one and presents the feature.
  @inlinable
  public func ifLet<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable,
    action: ActionPath<Action, PresentationAction<FeatureAction<Input, Output>>>,
    feature: FeatureLauncher<Start, Input, Output>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    let presentation = ifLet(
      state, action: action, fileID: fileID, line: line,
      passing: PresentedValueProxy<Start, Input, Output>.passes
    ) {
      PresentedValueProxy<Start, Input, Output>(fileID: fileID, line: line)
    }
    let embed = action.embed
    let extract = action.extract
    return presenting(
      state, in: presentation, feature: feature, value: { $0 },
      child: { embed(.presented($0)) },
      extractChild: { if case .presented(let child)? = extract($0) { child } else { nil } },
      dismiss: embed(.dismiss))
  }

  /// `presentation`, and the feature started with the value that `value` finds in a child
  /// that has just been presented at `state`: in a store of its own, or composed into this
  /// store (``FeatureHosting``), its state then beside the presented value and its actions
  /// run here, before the parent's (as TCA runs a child's).
  @inlinable
  func presenting<Presented, Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Presented>> & Sendable,
    in presentation: Reduce<State, Action>,
    feature: FeatureLauncher<Start, Input, Output>,
    value: @escaping (Presented) -> Start?,
    child: @escaping @Sendable (FeatureAction<Input, Output>) -> Action,
    extractChild: @escaping (Action) -> FeatureAction<Input, Output>?,
    dismiss: Action
  ) -> Reduce<State, Action> {
    // The composed feature's effects: its actions come back to it, and its `dismiss()`
    // dismisses it here; dismissing it cancels them (they are marked with its id).
    func composedEffects(
      _ effects: Effect<FeatureAction<Input, Output>>, of id: NavigationID
    ) -> Effect<Action> {
      effects.map(child).dismissing(with: dismiss).scoped(to: id)
    }
    // At the store's start, a value already presented starts the feature, as one presented
    // later does.
    let start = { (parentState: inout State) -> Effect<Action> in
      let before = parentState[keyPath: state].presentedID
      let effects = presentation.reduceStoreStart(into: &parentState)
      let now = parentState[keyPath: state].presentedID
      guard now != before else { return effects }
      return Self.presentationChanged(
        &parentState[keyPath: state], now: now, effects: effects, feature: feature, value: value,
        child: child, dismiss: dismiss, pending: nil)
    }
    return Reduce(start: start) { parentState, parentAction in
      var pending = extractChild(parentAction).flatMap { ComposedStep<Input>($0) }
      var childEffects: Effect<Action> = .none
      let before: NavigationID?
      if let step = pending {
        // Taken out while the reducer runs, so that this is its only reference and it is
        // written in place: a write through `\.$value`, a computed key path, would copy it.
        // One access reads the presented id too (each costs a walk of the key path).
        var taken: ComposedState?
        (before, taken) = Self.takeComposed(&parentState[keyPath: state])
        if var composed = taken {
          // The only reference again, for the reducer's uniqueness check.
          taken = nil
          if let before, let composition = DependencyValues.current[feature: feature].composition {
            childEffects = composedEffects(composition.reduce(&composed, step), of: before)
            pending = nil
          }
          parentState[keyPath: state].composed = composed
        }
      } else {
        before = parentState[keyPath: state].presentedID
      }
      let effects = childEffects.merge(
        with: presentation.reduce(into: &parentState, action: parentAction))
      let now = parentState[keyPath: state].presentedID
      guard now != before else { return effects }
      return Self.presentationChanged(
        &parentState[keyPath: state], now: now, effects: effects, feature: feature, value: value,
        child: child, dismiss: dismiss, pending: pending)
    }
  }

  /// The presented id, and the composed feature's state taken out of `presentation`.
  @inlinable
  static func takeComposed<Presented>(
    _ presentation: inout PresentationState<Presented>
  ) -> (id: NavigationID?, composed: ComposedState?) {
    let composed = presentation.composed
    presentation.composed = nil
    return (presentation.presentedID, composed)
  }

  /// The rest of ``presenting(_:in:feature:value:child:extractChild:dismiss:)`` when the
  /// presented child changed: the one that went is retired, the one that came is started (in
  /// a store of its own, or composed here, with `pending`, the step's action for it).
  @usableFromInline
  static func presentationChanged<Presented, Start: Sendable, Input: Sendable, Output: Sendable>(
    _ presentation: inout PresentationState<Presented>, now: NavigationID?,
    effects: Effect<Action>, feature: FeatureLauncher<Start, Input, Output>,
    value: (Presented) -> Start?,
    child: @escaping @Sendable (FeatureAction<Input, Output>) -> Action,
    dismiss: Action, pending: ComposedStep<Input>?
  ) -> Effect<Action> {
    if let gone = presentation.composed {
      gone.storage.retire()
      presentation.composed = nil
    }
    guard let now, let presented = presentation.wrappedValue, let value = value(presented)
    else { return effects }
    let dependencies = DependencyValues.current
    let launcher = dependencies[feature: feature]
    guard dependencies.featureHosting == .composed, let composition = launcher.composition
    else {
      // The feature starts before the step's own effects run: when the step is the first
      // to see the value (a reducer around this one did not pass on the store's start), its
      // effects may hold an input for it.
      return Effect<Action>(
        composing: StartOwnStoreChild<Action, Start, Input, Output>(
          value: value, launcher: feature, output: { child(.output($0)) }, dismiss: dismiss)
      )
      .scoped(to: now)
      .merge(with: effects)
    }
    var (composed, started) = composition.compose(
      value, dependencies: dependencies, child: child, dismiss: dismiss, id: now)
    // Then the step's action for it, when the step presented it (the step was the first to
    // see the value: a reducer around this one did not pass on the store's start).
    if let pending {
      started = started.merge(
        with: composition.reduce(&composed, pending).map(child).dismissing(with: dismiss)
          .scoped(to: now))
    }
    presentation.composed = composed
    return started.merge(with: effects)
  }

  /// Presents features on a navigation stack, each running in a store of its own: a stack of
  /// black boxes, with TCA's stack semantics.
  ///
  /// Each element of the stack is the value a feature was pushed with; pushing one starts it,
  /// popping it (or removing it any other way, or its own `dismiss()`) stops it, and the
  /// parent's store stopping stops them all. Inputs go to one element with
  /// `.element(id:action: .input(_:))`; its outputs arrive as `.element(id:action: .output(_:))`.
  ///
  /// ```swift
  /// .forEach(\.path, action: Action.path, feature: RecorderFeature.launcher)
  /// ```
  ///
  /// - Parameters:
  ///   - stack: Where the stack of values is.
  ///   - action: How the stack's actions sit inside this reducer's actions.
  ///   - feature: The features' launcher, as their module publishes it.
  ///   - fileID: Where the `forEach` is, for reports.
  ///   - line: Where the `forEach` is, for reports.
  /// - Returns: A reducer that runs this one and presents the features.
  public func forEach<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ stack: any WritableKeyPath<State, StackState<Start>> & Sendable,
    action: ActionPath<Action, StackAction<Start, FeatureAction<Input, Output>>>,
    feature: FeatureLauncher<Start, Input, Output>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    let extract = action.extract
    return stackPresenting(
      stack, action: action, feature: feature, value: { $0 },
      extractFeature: {
        if case .element(let id, let child)? = extract($0) { (id, child) } else { nil }
      },
      embedFeature: { $1 }, fileID: fileID, line: line
    ) {
      PresentedValueProxy<Start, Input, Output>(fileID: fileID, line: line)
    }
  }

  /// The stack `forEach` with `destination`, and the feature started for each element that
  /// arrives with a value `value` finds: in a store of its own, or composed into this store
  /// (``FeatureHosting``), its state then kept in the stack by the element's id and its
  /// actions run here, before the element's.
  fileprivate func stackPresenting<
    ElementState, ElementAction, Destination: Reducer, Start: Sendable, Input: Sendable,
    Output: Sendable
  >(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: ActionPath<Action, StackAction<ElementState, ElementAction>>,
    feature: FeatureLauncher<Start, Input, Output>,
    value: @escaping (ElementState) -> Start?,
    extractFeature: @escaping (Action) -> (StackElementID, FeatureAction<Input, Output>)?,
    embedFeature:
      @escaping @Sendable (StackElementID, FeatureAction<Input, Output>) -> ElementAction,
    fileID: StaticString,
    line: UInt,
    destination: () -> Destination
  ) -> Reduce<State, Action>
  where ElementState == Destination.State, ElementAction == Destination.Action {
    let embed = action.embed
    let place: AnyKeyPath = stack
    func navigation(_ id: StackElementID) -> NavigationID {
      NavigationID(place: place, identity: AnyHashable(id))
    }
    func composedEffects(
      _ effects: Effect<FeatureAction<Input, Output>>, of id: StackElementID
    ) -> Effect<Action> {
      effects.map { embed(.element(id: id, action: embedFeature(id, $0))) }
        .dismissing(with: embed(.popFrom(id: id)))
        .scoped(to: navigation(id))
    }
    // The kernel's stack finds the elements that arrived from its journal: a push costs the
    // same on a stack of 1,000 presented features as on one of 10.
    let stackReducer = forEach(
      stack, action: action, fileID: fileID, line: line, destination: destination,
      arrival: { id, stackState in
        guard let element = stackState[id: id], let value = value(element) else { return .none }
        let child: @Sendable (FeatureAction<Input, Output>) -> Action = {
          embed(.element(id: id, action: embedFeature(id, $0)))
        }
        let dependencies = DependencyValues.current
        guard dependencies.featureHosting == .composed,
          let composition = dependencies[feature: feature].composition
        else {
          return Effect<Action>(
            composing: StartOwnStoreChild<Action, Start, Input, Output>(
              value: value, launcher: feature, output: { child(.output($0)) },
              dismiss: embed(.popFrom(id: id)))
          )
          .scoped(to: navigation(id))
        }
        let (composed, started) = composition.compose(
          value, dependencies: dependencies, child: child, dismiss: embed(.popFrom(id: id)),
          id: navigation(id))
        stackState.composed[id] = composed
        return started
      })
    return Reduce(start: { stackReducer.reduceStoreStart(into: &$0) }) { state, parentAction in
      var childEffects: Effect<Action> = .none
      if !state[keyPath: stack].composed.isEmpty,
        let (id, child) = extractFeature(parentAction),
        let step = ComposedStep<Input>(child),
        state[keyPath: stack].composed[id] != nil,
        let composition = DependencyValues.current[feature: feature].composition
      {
        childEffects = composedEffects(
          composition.reduce(&state[keyPath: stack].composed[id]!, step), of: id)
      }
      return childEffects.merge(with: stackReducer.reduce(into: &state, action: parentAction))
    }
  }
}

extension Reducer {
  /// Presents a feature for one case of a navigation stack whose screens are of several kinds
  /// (TCA's `Path` enum): the elements of that case are the values the feature is pushed with,
  /// each running in a store of its own, with the stack semantics of
  /// `forEach(_:action:feature:)`; the other cases run `destination` as the stack `forEach`
  /// runs it.
  ///
  /// ```swift
  /// .forEach(
  ///   \.path, action: Action.path, feature: RecorderFeature.launcher,
  ///   state: Path.State.recorder, action: Path.Action.recorder
  /// ) {
  ///   Path()
  /// }
  /// ```
  ///
  /// An input reaches the screen's feature as `.element(id:action: .recorder(.input(_:)))`;
  /// its outputs arrive as `.element(id:action: .recorder(.output(_:)))`, through
  /// `destination` too. `store.presentedFeature(\.path, id:)` gives a screen's feature.
  ///
  /// - Parameters:
  ///   - stack: Where the stack is.
  ///   - action: How the stack's actions sit inside this reducer's actions.
  ///   - feature: The feature's launcher, as its module publishes it.
  ///   - featureState: The case of the stack's elements that presents the feature.
  ///   - featureAction: The case of the elements' actions that the feature's are in.
  ///   - fileID: Where the `forEach` is, for reports.
  ///   - line: Where the `forEach` is, for reports.
  ///   - destination: The reducer of every element, whatever its case.
  /// - Returns: A reducer that runs this one, the elements, and presents the features.
  public func forEach<
    ElementState, ElementAction, Destination: Reducer, Start: Sendable, Input: Sendable,
    Output: Sendable
  >(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: ActionPath<Action, StackAction<ElementState, ElementAction>>,
    feature: FeatureLauncher<Start, Input, Output>,
    state featureState: CasePath<ElementState, Start>,
    action featureAction: CasePath<ElementAction, FeatureAction<Input, Output>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where ElementState == Destination.State, ElementAction == Destination.Action {
    let element = PresentedFeatureCase<Destination, Input, Output>(
      element: destination(), featureAction: featureAction, fileID: fileID, line: line)
    let extract = action.extract
    return stackPresenting(
      stack, action: action, feature: feature, value: featureState.extract,
      extractFeature: {
        guard case .element(let id, let child)? = extract($0),
          let feature = featureAction.extract(child)
        else { return nil }
        return (id, feature)
      },
      embedFeature: { featureAction.embed($1) }, fileID: fileID, line: line
    ) {
      element
    }
  }

  /// The mixed stack's `forEach` with the cases by their constructors
  /// (``CasePath/init(_:)``: found by reflection, a few microseconds an action).
  ///
  /// - Parameters:
  ///   - stack: Where the stack is.
  ///   - action: The case of this reducer's actions that holds the stack's, by its constructor.
  ///   - feature: The feature's launcher, as its module publishes it.
  ///   - featureState: The case of the stack's elements that presents the feature.
  ///   - featureAction: The case of the elements' actions that the feature's are in.
  ///   - fileID: Where the `forEach` is, for reports.
  ///   - line: Where the `forEach` is, for reports.
  ///   - destination: The reducer of every element, whatever its case.
  /// - Returns: A reducer that runs this one, the elements, and presents the features.
  public func forEach<
    ElementState, ElementAction, Destination: Reducer, Start: Sendable, Input: Sendable,
    Output: Sendable
  >(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
    feature: FeatureLauncher<Start, Input, Output>,
    state featureState: @escaping @Sendable (Start) -> ElementState,
    action featureAction: @escaping @Sendable (FeatureAction<Input, Output>) -> ElementAction,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where ElementState == Destination.State, ElementAction == Destination.Action {
    forEach(
      stack, action: CasePath(action), feature: feature, state: CasePath(featureState),
      action: CasePath(featureAction), fileID: fileID, line: line, destination: destination)
  }
}

extension Reducer {
  /// Presents a feature for one case of a destination enum (TCA's `Destination`: one
  /// `@PresentationState` for a sheet, a dialog, a pushed screen): while that case is
  /// presented, the feature runs in a store of its own, with the semantics of
  /// `ifLet(_:action:feature:)`; the other cases run `destination` as the `ifLet` runs it.
  ///
  /// ```swift
  /// .ifLet(
  ///   \.$destination, action: Action.destination, feature: RecorderFeature.launcher,
  ///   state: Destination.State.recorder, action: Destination.Action.recorder
  /// ) {
  ///   Destination()
  /// }
  /// ```
  ///
  /// An input reaches the feature as `.presented(.recorder(.input(_:)))`; its outputs arrive as
  /// `.presented(.recorder(.output(_:)))`. `store.presentedFeature(\.$destination)` gives it.
  ///
  /// - Parameters:
  ///   - state: Where the destination is: the presentation state's projected value.
  ///   - action: How the destination's presentation actions sit inside this reducer's actions.
  ///   - feature: The feature's launcher, as its module publishes it.
  ///   - featureState: The case of the destination that presents the feature.
  ///   - featureAction: The case of the destination's actions that the feature's are in.
  ///   - fileID: Where the `ifLet` is, for reports.
  ///   - line: Where the `ifLet` is, for reports.
  ///   - destination: The reducer of the destination, whatever its case.
  /// - Returns: A reducer that runs this one, the destination, and presents the feature.
  public func ifLet<
    DestinationState, DestinationAction, Destination: Reducer, Start: Sendable,
    Input: Sendable, Output: Sendable
  >(
    _ state: any WritableKeyPath<State, PresentationState<DestinationState>> & Sendable,
    action: ActionPath<Action, PresentationAction<DestinationAction>>,
    feature: FeatureLauncher<Start, Input, Output>,
    state featureState: CasePath<DestinationState, Start>,
    action featureAction: CasePath<DestinationAction, FeatureAction<Input, Output>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    let child = PresentedFeatureCase<Destination, Input, Output>(
      element: destination(), featureAction: featureAction, fileID: fileID, line: line)
    let presentation = ifLet(state, action: action, fileID: fileID, line: line) { child }
    let embed = action.embed
    let extract = action.extract
    return presenting(
      state, in: presentation, feature: feature, value: featureState.extract,
      child: { embed(.presented(featureAction.embed($0))) },
      extractChild: {
        if case .presented(let child)? = extract($0) { featureAction.extract(child) } else { nil }
      },
      dismiss: embed(.dismiss))
  }

  /// The destination `ifLet` with the cases by their constructors
  /// (``CasePath/init(_:)``: found by reflection, a few microseconds an action).
  ///
  /// - Parameters:
  ///   - state: Where the destination is: the presentation state's projected value.
  ///   - action: The case of this reducer's actions that holds the destination's, by its
  ///     constructor.
  ///   - feature: The feature's launcher, as its module publishes it.
  ///   - featureState: The case of the destination that presents the feature.
  ///   - featureAction: The case of the destination's actions that the feature's are in.
  ///   - fileID: Where the `ifLet` is, for reports.
  ///   - line: Where the `ifLet` is, for reports.
  ///   - destination: The reducer of the destination, whatever its case.
  /// - Returns: A reducer that runs this one, the destination, and presents the feature.
  public func ifLet<
    DestinationState, DestinationAction, Destination: Reducer, Start: Sendable,
    Input: Sendable, Output: Sendable
  >(
    _ state: any WritableKeyPath<State, PresentationState<DestinationState>> & Sendable,
    action: @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    feature: FeatureLauncher<Start, Input, Output>,
    state featureState: @escaping @Sendable (Start) -> DestinationState,
    action featureAction: @escaping @Sendable (FeatureAction<Input, Output>) -> DestinationAction,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    ifLet(
      state, action: CasePath(action), feature: feature, state: CasePath(featureState),
      action: CasePath(featureAction), fileID: fileID, line: line, destination: destination)
  }
}

/// The element reducer of a mixed stack or a destination enum: `element`, and for the feature's
/// case, each input handed to the presented feature (the child's effects are marked with its
/// id).
private struct PresentedFeatureCase<Element: Reducer, Input: Sendable, Output: Sendable>: Reducer {
  let element: Element
  let featureAction: CasePath<Element.Action, FeatureAction<Input, Output>>
  let fileID: StaticString
  let line: UInt

  func reduce(into state: inout Element.State, action: Element.Action) -> Effect<Element.Action> {
    let effects = element.reduce(into: &state, action: action)
    guard case .input(let input)? = featureAction.extract(action) else { return effects }
    let embed = featureAction.embed
    let send = Effect<FeatureAction<Input, Output>>(
      composing: SendToPresented<FeatureAction<Input, Output>, Input, Output>(
        input: input, fileID: fileID, line: line)
    )
    .map(embed)
    return effects.merge(with: send)
  }

  func reduceStoreStart(into state: inout Element.State) -> Effect<Element.Action> {
    element.reduceStoreStart(into: &state)
  }
}

/// The child reducer a presented feature runs under in its parent's presentation: its state is
/// the value it was presented with, which it never changes; an input becomes an effect that
/// hands it to the feature; an output is the parent's to handle.
@usableFromInline
struct PresentedValueProxy<Start: Sendable, Input: Sendable, Output: Sendable>: Reducer {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @usableFromInline
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  /// Whether the proxy does nothing with `action`: all but an input (an output is the
  /// parent's; a composed feature's own action is its composition's).
  @usableFromInline
  static func passes(_ action: FeatureAction<Input, Output>) -> Bool {
    if case .input = action { return false }
    return true
  }

  @usableFromInline
  func reduce(
    into state: inout Start, action: FeatureAction<Input, Output>
  ) -> Effect<
    FeatureAction<Input, Output>
  > {
    switch action {
    case .input(let input):
      return Effect(
        composing: SendToPresented<FeatureAction<Input, Output>, Input, Output>(
          input: input, fileID: fileID, line: line))
    case .output, .composed:
      return .none
    }
  }
}

extension Reducer {
  /// `ifLet` with the presentation's case by its constructor
  /// (``CasePath/init(_:)``: found by reflection, a few microseconds an action).
  ///
  /// - Parameters:
  ///   - state: Where the presented value is: the presentation state's projected value.
  ///   - action: The case of this reducer's actions that holds the presentation's, by its
  ///     constructor.
  ///   - feature: The feature's launcher, as its module publishes it.
  ///   - fileID: Where the `ifLet` is, for reports.
  ///   - line: Where the `ifLet` is, for reports.
  /// - Returns: A reducer that runs this one and presents the feature.
  public func ifLet<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable,
    action: @escaping @Sendable (PresentationAction<FeatureAction<Input, Output>>) -> Action,
    feature: FeatureLauncher<Start, Input, Output>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    ifLet(state, action: CasePath(action), feature: feature, fileID: fileID, line: line)
  }

  /// `forEach` with the stack's case by its constructor
  /// (``CasePath/init(_:)``: found by reflection, a few microseconds an action).
  ///
  /// - Parameters:
  ///   - stack: Where the stack of values is.
  ///   - action: The case of this reducer's actions that holds the stack's, by its constructor.
  ///   - feature: The features' launcher, as their module publishes it.
  ///   - fileID: Where the `forEach` is, for reports.
  ///   - line: Where the `forEach` is, for reports.
  /// - Returns: A reducer that runs this one and presents the features.
  public func forEach<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ stack: any WritableKeyPath<State, StackState<Start>> & Sendable,
    action: @escaping @Sendable (StackAction<Start, FeatureAction<Input, Output>>) -> Action,
    feature: FeatureLauncher<Start, Input, Output>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reduce<State, Action> {
    forEach(stack, action: CasePath(action), feature: feature, fileID: fileID, line: line)
  }
}

/// The actions between a parent and a feature it presents, as the parent's reducer sees them:
/// the inputs it sends the feature, and the outputs the feature sends back. The feature's
/// state, actions and reducer stay its own; the parent holds only the value it presented it
/// with.
///
/// ```swift
/// public enum Action: Equatable, Sendable {
///   case recordTapped
///   case stopTapped
///   case recorder(PresentationAction<FeatureAction<RecorderInput, RecorderOutput>>)
/// ```
///
/// A parent sends an input with `.send(.recorder(.presented(.input(.stop))))` and handles
/// each output with an exhaustive `switch` on `.recorder(.presented(.output(let output)))`.
/// When the feature is composed into the parent's store (``FeatureHosting/composed``), the
/// feature's own actions pass through the parent's store too, as `.composed(_:)`: the parent
/// lets them through (`case .recorder: return .none`), as it would a child's in TCA.
///
/// `Sendable`; `Equatable` when both are.
public enum FeatureAction<Input: Sendable, Output: Sendable>: Sendable {
  /// An input the parent sends the presented feature.
  case input(Input)
  /// An output of the presented feature.
  case output(Output)
  /// An action of the feature itself, while it is composed into the parent's store: opaque to
  /// the parent, which only passes it on.
  case composed(ComposedAction)
}

extension FeatureAction: Equatable where Input: Equatable, Output: Equatable {}
