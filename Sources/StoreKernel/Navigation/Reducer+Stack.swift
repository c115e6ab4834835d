extension Reducer {
  /// Runs `destination` on the elements of a navigation stack (``StackState``), with TCA's
  /// stack semantics.
  ///
  /// - ``StackAction/element(id:action:)`` runs the element first, then this reducer. An action
  ///   for an id that is not in the stack is reported through ``IssueReporter`` (a test failure
  ///   under StoreKernelTesting) and reaches no element.
  /// - ``StackAction/popFrom(id:)`` runs this reducer with the elements still there, then
  ///   removes the element with that id and every element above it. A pop of an id that is not
  ///   in the stack is reported.
  /// - ``StackAction/push(id:state:)`` appends the state under that id, then runs this reducer.
  ///   A push of an id already in the stack is reported and pushes nothing. In a test, a push
  ///   whose id is beyond the store's next ``DependencyValues/stackElementID`` is reported, and
  ///   one with the next id takes it, so the ids the reducer hands out afterwards follow on.
  /// - Every element's effects end with it: they are cancelled when it leaves the stack,
  ///   however it leaves (a pop, `removeLast`, `removeAll`, the stack replaced). An element's
  ///   cancellation ids are its own, as with the `forEach` over an array.
  /// - An element's effects can pop it with the ``DependencyValues/dismiss`` dependency.
  ///
  /// ```swift
  /// .forEach(\.path, action: Action.path) { Path() }
  /// ```
  ///
  /// - Parameters:
  ///   - stack: Where the stack is.
  ///   - action: How the stack's actions sit inside this reducer's actions.
  ///   - fileID: Where the `forEach` is, for reports.
  ///   - line: Where the `forEach` is, for reports.
  ///   - destination: Builds the element reducer.
  /// - Returns: A reducer that runs both.
  public func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: ActionPath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where ElementState == Destination.State, ElementAction == Destination.Action {
    let stackReducer = StackReducer(
      parent: self, stack: stack, action: action, element: destination(), fileID: fileID,
      line: line, arrival: nil)
    return Reduce(start: { stackReducer.start(into: &$0) }) { state, action in
      stackReducer.reduce(into: &state, action: action)
    }
  }

  /// The stack `forEach`, and an effect for each element that arrives on the stack (pushed,
  /// however: `.push`, `append`, the stack replaced), returned with the step's effects: what
  /// presents a feature per element. Found from the stack's journal, so a push costs the same
  /// on a stack of 1,000 elements as on one of 10.
  ///
  /// - Parameters:
  ///   - stack: Where the stack is.
  ///   - action: How the stack's actions sit inside this reducer's actions.
  ///   - fileID: Where the `forEach` is, for reports.
  ///   - line: Where the `forEach` is, for reports.
  ///   - destination: Builds the element reducer.
  ///   - arrival: The effect for an element that arrived, given its id and the stack (where
  ///     it may keep what it composed for the element: ``StackState/composed``, dropped when
  ///     the element leaves).
  /// - Returns: A reducer that runs both.
  package func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: ActionPath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString,
    line: UInt,
    destination: () -> Destination,
    arrival: @escaping (StackElementID, inout StackState<ElementState>) -> Effect<Action>
  ) -> Reduce<State, Action>
  where ElementState == Destination.State, ElementAction == Destination.Action {
    let stackReducer = StackReducer(
      parent: self, stack: stack, action: action, element: destination(), fileID: fileID,
      line: line, arrival: arrival)
    return Reduce(start: { stackReducer.start(into: &$0) }) { state, action in
      stackReducer.reduce(into: &state, action: action)
    }
  }
}

/// The parts of a stack `forEach`, and what it does for each action.
private struct StackReducer<Parent: Reducer, Element: Reducer> {
  let parent: Parent
  let stack: any WritableKeyPath<Parent.State, StackState<Element.State>> & Sendable
  let action: ActionPath<Parent.Action, StackAction<Element.State, Element.Action>>
  let element: Element
  let fileID: StaticString
  let line: UInt
  let arrival: ((StackElementID, inout StackState<Element.State>) -> Effect<Parent.Action>)?

  private func navigation(_ id: StackElementID) -> NavigationID {
    NavigationID(place: stack, identity: AnyHashable(id))
  }

  func reduce(
    into state: inout Parent.State, action parentAction: Parent.Action
  ) -> Effect<Parent.Action> {
    var snapshot = state[keyPath: stack].mountSnapshot
    var ran: StackElementID?
    var elementEffects: Effect<Parent.Action> = .none
    let parentEffects: Effect<Parent.Action>

    switch action.extract(parentAction) {
    case .element(let id, let elementAction)?:
      if let index = state[keyPath: stack].storage.index(of: id) {
        ran = id
        // In place, by position: the element never leaves the stack.
        elementEffects = embedded(
          element.reduce(into: &state[keyPath: stack].storage[index], action: elementAction),
          of: id)
      } else {
        report(
          "an action for an element that is not in the stack (\(id)): \(elementAction). It "
            + "reached no element. A view or an effect outlived its screen.")
      }
      parentEffects = parent.reduce(into: &state, action: parentAction)

    case .popFrom(let id)?:
      let present = state[keyPath: stack].storage.index(of: id) != nil
      parentEffects = parent.reduce(into: &state, action: parentAction)
      if present {
        state[keyPath: stack].pop(from: id)
      } else {
        report("a pop of an element that is not in the stack (\(id)).")
      }

    case .push(let id, let elementState)?:
      if state[keyPath: stack].storage.index(of: id) != nil {
        report("a push of an id that is already in the stack (\(id)); nothing was pushed.")
      } else {
        takeTestID(id)
        state[keyPath: stack].append(elementState, id: id)
      }
      parentEffects = parent.reduce(into: &state, action: parentAction)

    case nil:
      parentEffects = parent.reduce(into: &state, action: parentAction)
    }

    let (gone, arrived) = state[keyPath: stack].reconcileMounts(after: &snapshot, extra: ran)
    var effects = elementEffects.merge(with: parentEffects)
    if !gone.isEmpty {
      effects = .merge([effects] + gone.map { .cancel(navigation: navigation($0)) })
      if !state[keyPath: stack].composed.isEmpty {
        for id in gone { state[keyPath: stack].composed.removeValue(forKey: id)?.storage.retire() }
      }
    }
    return effects.merge(with: arrivals(arrived, in: &state))
  }

  /// The effects of the element `id`, as the parent's: marked with its id, its `dismiss()` a
  /// pop.
  private func embedded(
    _ effects: Effect<Element.Action>, of id: StackElementID
  ) -> Effect<Parent.Action> {
    let embed = action.embed
    return effects.map { embed(.element(id: id, action: $0)) }
      .dismissing(with: embed(.popFrom(id: id)))
      .scoped(to: navigation(id))
  }

  /// The effects `arrival` returns for the elements that `arrived` and are still there.
  private func arrivals(
    _ arrived: [StackElementID], in state: inout Parent.State
  ) -> Effect<Parent.Action> {
    guard let arrival, !arrived.isEmpty else { return .none }
    return .merge(
      arrived.compactMap { id in
        state[keyPath: stack].storage.index(of: id) != nil
          ? arrival(id, &state[keyPath: stack]) : nil
      })
  }

  /// At the store's start: the elements already on the stack start first, in order, then the
  /// parent; then each element arrives, as one pushed later does.
  func start(into state: inout Parent.State) -> Effect<Parent.Action> {
    var snapshot = state[keyPath: stack].mountSnapshot
    var started: Effect<Parent.Action> = .none
    for id in state[keyPath: stack].ids {
      guard let index = state[keyPath: stack].storage.index(of: id) else { continue }
      started = started.merge(
        with: embedded(
          element.reduceStoreStart(into: &state[keyPath: stack].storage[index]), of: id))
    }
    started = started.merge(with: parent.reduceStoreStart(into: &state))
    let (_, arrived) = state[keyPath: stack].reconcileMounts(after: &snapshot, extra: nil)
    return started.merge(with: arrivals(arrived, in: &state))
  }

  /// In a test, keeps the store's generator in step with an id a test pushed, as TCA does: a
  /// push of the next id takes it, a push beyond it is reported.
  private func takeTestID(_ id: StackElementID) {
    let dependencies = DependencyValues.current
    guard dependencies.context == .test else { return }
    let next = dependencies.stackElementID.peek()
    if id.generation > next.generation {
      report(
        "a push with id \(id), but the next id of this store is \(next): push with the ids "
          + "the store hands out, in order.")
    } else if id == next {
      _ = dependencies.stackElementID.next()
    }
  }

  private func report(_ what: String) {
    IssueReporter.report("A forEach at \(fileID):\(line) received \(what)")
  }
}
