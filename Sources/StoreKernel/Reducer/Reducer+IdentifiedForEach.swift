extension Reducer {
  /// Runs `element` on the element of an ``IdentifiedArray`` that an action names by id, found
  /// in O(1).
  ///
  /// The same semantics as the `forEach` over an array: the
  /// element runs before this reducer; its effects are cancelled when it leaves the collection
  /// and its cancellation ids are its own; an action for an id that is not in the collection is
  /// reported through ``IssueReporter`` (a test failure under StoreKernelTesting) and reaches
  /// no element.
  ///
  /// ```swift
  /// .forEach(\.todos, action: Action.todos) { TodoRow() }
  /// ```
  ///
  /// - Parameters:
  ///   - elements: Where the identified array is.
  ///   - action: How an element's ``IdentifiedAction`` sits inside this reducer's actions.
  ///   - fileID: Where the `forEach` is, for the report.
  ///   - line: Where the `forEach` is, for the report.
  ///   - element: Builds the element reducer.
  /// - Returns: A reducer that runs both.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ elements: any WritableKeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, IdentifiedAction<ID, ElementAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Reduce<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    let path = ActionPath<Action, (id: ID, action: ElementAction)>(
      embed: { action.embed(.element(id: $0.id, action: $0.action)) },
      extract: {
        guard case .element(let id, let elementAction)? = action.extract($0) else { return nil }
        return (id, elementAction)
      })
    return forEach(elements, action: path, fileID: fileID, line: line, element: element)
  }

  /// Runs `element` on the element of an ``IdentifiedArray`` that an `(id, action)` pair names,
  /// found in O(1); see the ``IdentifiedAction`` form.
  ///
  /// - Parameters:
  ///   - elements: Where the identified array is.
  ///   - action: How an `(id, elementAction)` pair sits inside this reducer's actions.
  ///   - fileID: Where the `forEach` is, for the report.
  ///   - line: Where the `forEach` is, for the report.
  ///   - element: Builds the element reducer.
  /// - Returns: A reducer that runs both.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ elements: any WritableKeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, (id: ID, action: ElementAction)>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Reduce<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    let element = element()
    let place: AnyKeyPath = elements
    func navigation(_ id: ID) -> NavigationID {
      NavigationID(place: place, identity: AnyHashable(id))
    }
    // At the store's start, the elements already there start first, in order.
    let start = { (state: inout State) -> Effect<Action> in
      var effects: Effect<Action> = .none
      for index in 0..<state[keyPath: elements].storage.count {
        let id = state[keyPath: elements].storage.ids[index]
        effects = effects.merge(
          with: element.reduceStoreStart(into: &state[keyPath: elements].storage[index])
            .map { action.embed((id: id, action: $0)) }
            .scoped(to: navigation(id)))
      }
      return effects.merge(with: self.reduceStoreStart(into: &state))
    }
    return Reduce(start: start) { state, parentAction in
      var effects: Effect<Action> = .none
      if let (id, elementAction) = action.extract(parentAction) {
        if let index = state[keyPath: elements].index(id: id) {
          // In place, by position: the element never leaves the array.
          effects = element.reduce(
            into: &state[keyPath: elements].storage[index], action: elementAction
          )
          .map { action.embed((id: id, action: $0)) }
          .scoped(to: navigation(id))
          let rows = state[keyPath: elements]
          precondition(
            rows.id(rows.storage[index]) == id,
            "An element's id changed in an IdentifiedArray "
              + "(docs/decisions/0001-store-isolation.md, Traps).")
        } else {
          IssueReporter.report(
            "A forEach at \(fileID):\(line) received an action for an element that is not in "
              + "the collection (id \(id)): \(elementAction). A view or an effect outlived its "
              + "element; it was dropped.")
        }
      }
      // The ids are only copied if the parent changes them; unchanged, this is one comparison
      // of the same storage.
      let idsBefore = state[keyPath: elements].ids
      let parentEffects = self.reduce(into: &state, action: parentAction)
      guard state[keyPath: elements].ids != idsBefore else {
        return effects.merge(with: parentEffects)
      }
      let removed = idsBefore.filter { state[keyPath: elements].index(id: $0) == nil }
      return .merge([effects, parentEffects] + removed.map { .cancel(navigation: navigation($0)) })
    }
  }
}
