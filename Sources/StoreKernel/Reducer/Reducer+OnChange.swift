extension Reducer {
  /// Runs `reducer` after this one, with the same action, whenever the action changed a value
  /// derived from the state: not when it left it as it was.
  ///
  /// ```swift
  /// Settings().onChange(of: \.theme) { oldTheme, newTheme in
  ///   Reduce { state, _ in
  ///     state.status = "Theme: \(newTheme)"
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: Derives the value to watch from the state.
  ///   - reducer: Builds the reducer to run from the value before the action and after it.
  /// - Returns: A reducer that runs this one, then `reducer` when the value changed.
  public func onChange<Value: Equatable, R: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (
        _ oldValue: Value, _ newValue: Value
      ) -> R
  ) -> Reduce<State, Action> where R.State == State, R.Action == Action {
    Reduce(start: { self.reduceStoreStart(into: &$0) }) { state, action in
      let oldValue = toValue(state)
      let effects = self.reduce(into: &state, action: action)
      let newValue = toValue(state)
      guard oldValue != newValue else { return effects }
      return effects.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
    }
  }

  /// Runs `perform` after this one whenever the action changed a value derived from the
  /// state, with the value before the action and the state after it: TCA's
  /// `onChange(of:) { oldValue, state in … }`.
  ///
  /// ```swift
  /// let reducer = Settings().onChange(of: \.theme) { oldTheme, state in
  ///   state.changes.append("\(oldTheme) → \(state.theme)")
  ///   return state.theme == "dark" ? .send(.fontSizeChosen(20)) : .none
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: Derives the value to watch from the state.
  ///   - perform: Changes the state after a change of the value, and returns the effects to
  ///     run, from the value before the action and the state after it.
  /// - Returns: A reducer that runs this one, then `perform` when the value changed.
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ perform: @escaping (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> Reduce<State, Action> {
    Reduce(start: { self.reduceStoreStart(into: &$0) }) { state, action in
      let oldValue = toValue(state)
      let effects = self.reduce(into: &state, action: action)
      guard oldValue != toValue(state) else { return effects }
      return effects.merge(with: perform(oldValue, &state))
    }
  }
}
