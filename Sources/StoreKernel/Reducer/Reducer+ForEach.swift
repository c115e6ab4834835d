extension Reducer {
  /// Runs `element` on the element of an identified collection that an action names by id.
  ///
  /// The child reducer runs before this reducer, so the parent sees the element's new state. An
  /// action for an id that is no longer in the collection is dropped.
  ///
  /// - Parameters:
  ///   - elements: Where the array of identified elements is stored.
  ///   - action: How an `(id, elementAction)` pair sits inside this reducer's actions.
  ///   - element: Builds the element reducer.
  /// - Returns: A reducer that runs both.
  @inlinable
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ elements: any WritableKeyPath<State, [ElementState]> & Sendable,
    action: ActionPath<Action, (id: ElementState.ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Reduce<State, Action>
  where
    ElementState == Element.State, ElementAction == Element.Action, ElementState: Identifiable,
    ElementState.ID: Sendable
  {
    let element = element()
    return Reduce { state, parentAction in
      var effects: Effect<Action> = .none
      if let (id, elementAction) = action.extract(parentAction),
        let index = state[keyPath: elements].firstIndex(where: { $0.id == id })
      {
        effects = element.reduce(into: &state[keyPath: elements][index], action: elementAction)
          .map { action.embed((id: id, action: $0)) }
      }
      return effects.merge(with: self.reduce(into: &state, action: parentAction))
    }
  }
}
