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
}
