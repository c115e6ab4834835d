import FeatureBridge
package import StoreKernel

/// The counter's logic.
package struct CounterReducer: Reducer {
  @Dependency(\.counterFavorites) var favorites
  @Dependency(\.counterStorage) var storage

  package init() {}

  package func reduce(
    into state: inout CounterState, action: CounterAction
  ) -> Effect<
    CounterAction
  > {
    switch action {
    case .input(.reset):
      return setCount(0, in: &state)
    case .input(.setCount(let count)):
      return setCount(count, in: &state)
    case .input(.increment), .view(.incrementTapped):
      return setCount(state.count + 1, in: &state)
    case .input(.decrement), .view(.decrementTapped):
      return setCount(state.count - 1, in: &state)
    case .input(.toggleFavorite), .view(.favoriteToggled):
      return toggleFavorite(in: &state)
    case .internal(.started):
      return .merge(
        .subscribe(to: favorites) { .internal(.favoritesChanged($0)) }, load(),
        reportFavoritesLoad())
    case .internal(.favoritesChanged(let changed)):
      // Stale when the shared value has moved on (this counter's own toggle, made in the
      // reducer, or a later change elsewhere): that change's notification follows.
      guard changed == favorites.wrappedValue else { return .none }
      state.favorites = changed
      return .none
    case .internal(let action):
      return reduce(into: &state, storage: action)
    case .delegate:
      return .none
    }
  }

  /// Saves the count as a favorite, or removes it: for the view's key and the host's input.
  private func toggleFavorite(in state: inout CounterState) -> Effect<CounterAction> {
    let count = state.count
    let favorites = favorites
    // The shared value changes now, with the state, not later in an effect: otherwise the
    // subscription could deliver the value from before the toggle after it.
    if state.favorites.contains(count) {
      state.favorites.remove(count)
      favorites.withLock { _ = $0.remove(count) }
      return .send(.delegate(.favoriteRemoved(count)))
    }
    state.favorites.insert(count)
    favorites.withLock { _ = $0.insert(count) }
    return .send(.delegate(.favoriteSaved(count)))
  }

  /// Shared by every action that changes the count: a method, not an extra action, so a
  /// keystroke stays one action.
  private func setCount(_ count: Int, in state: inout CounterState) -> Effect<CounterAction> {
    guard state.count != count else { return .none }
    state.count = count
    if storage != nil, state.canSave, state.stored == nil { state.countChangedBeforeLoad = true }
    return .merge(.send(.delegate(.countChanged(count))), saveIfChanged(&state))
  }
}
