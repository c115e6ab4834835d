extension Reducer {
  /// Runs `element` on the element of an identified collection that an action names by id.
  ///
  /// The element reducer runs before this reducer, so the parent sees the element's new state.
  ///
  /// **Each element's effects are that element's.** They are cancelled when the element is
  /// removed from the collection, and the element's cancellation ids are scoped to it: a
  /// `.cancel(id:)` or `cancelInFlight` in one row reaches only that row's effects (and its
  /// descendants'), while the same id cancelled by this reducer (or an ancestor) reaches every
  /// row's, as in TCA. An action
  /// for an id that is no longer in the collection is reported through ``IssueReporter`` (a
  /// test failure under StoreKernelTesting): a view or an effect outlived its row.
  ///
  /// ```swift
  /// List().forEach(\.rows, action: List.Action.rowPath) { Row() }
  /// ```
  ///
  /// - Parameters:
  ///   - elements: Where the array of identified elements is stored.
  ///   - action: How an `(id, elementAction)` pair sits inside this reducer's actions.
  ///   - fileID: Where the `forEach` is, for the report.
  ///   - line: Where the `forEach` is, for the report.
  ///   - element: Builds the element reducer.
  /// - Returns: A reducer that runs both.
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ elements: any WritableKeyPath<State, [ElementState]> & Sendable,
    action: ActionPath<Action, (id: ElementState.ID, action: ElementAction)>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Reduce<State, Action>
  where
    ElementState == Element.State, ElementAction == Element.Action, ElementState: Identifiable,
    ElementState.ID: Sendable
  {
    let element = element()
    let place: AnyKeyPath = elements
    // At the store's start, the elements already there start first, in order.
    let start = { (state: inout State) -> Effect<Action> in
      var effects: Effect<Action> = .none
      for index in state[keyPath: elements].indices {
        let id = state[keyPath: elements][index].id
        effects = effects.merge(
          with: element.reduceStoreStart(into: &state[keyPath: elements][index])
            .map { action.embed((id: id, action: $0)) }
            .scoped(to: NavigationID(place: place, identity: AnyHashable(id))))
      }
      return effects.merge(with: self.reduceStoreStart(into: &state))
    }
    return Reduce(start: start) { state, parentAction in
      var effects: Effect<Action> = .none
      if let (id, elementAction) = action.extract(parentAction) {
        if let index = state[keyPath: elements].firstIndex(where: { $0.id == id }) {
          effects = element.reduce(into: &state[keyPath: elements][index], action: elementAction)
            .map { action.embed((id: id, action: $0)) }
            .scoped(to: NavigationID(place: place, identity: AnyHashable(id)))
        } else {
          IssueReporter.report(
            "A forEach at \(fileID):\(line) received an action for an element that is not in "
              + "the collection (id \(id)): \(elementAction). A view or an effect outlived its "
              + "element; it was dropped.")
        }
      }
      let idsBefore = state[keyPath: elements].map(\.id)
      let parentEffects = self.reduce(into: &state, action: parentAction)
      let idsAfter = state[keyPath: elements].map(\.id)
      guard idsAfter != idsBefore else { return effects.merge(with: parentEffects) }
      let remaining = Set(idsAfter)
      let removed = idsBefore.filter { !remaining.contains($0) }.map {
        Effect<Action>.cancel(navigation: NavigationID(place: place, identity: AnyHashable($0)))
      }
      return .merge([effects, parentEffects] + removed)
    }
  }
}
