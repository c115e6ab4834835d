import FeatureBridge
package import StoreKernel

/// The profile's logic.
package struct ProfileReducer: Reducer {
  @Dependency(\.profileFavorites) var favorites

  package init() {}

  package func reduce(
    into state: inout ProfileState, action: ProfileAction
  ) -> Effect<
    ProfileAction
  > {
    switch action {
    case .input(.select(let number)):
      if state.favorites.contains(number) { state.selected = number }
      return .none
    case .view(.selectNext):
      state.selected = neighbour(of: state.selected, in: state.favorites, step: 1)
      return .none
    case .view(.selectPrevious):
      state.selected = neighbour(of: state.selected, in: state.favorites, step: -1)
      return .none
    case .input(.remove(let number)):
      guard state.favorites.contains(number) else { return .none }
      return remove(number, in: &state)
    case .view(.removeSelectedTapped):
      guard let number = state.selected else { return .none }
      return remove(number, in: &state)
    case .internal(.subscribeToFavorites):
      return .subscribe(to: favorites) { .internal(.favoritesChanged($0)) }
    case .internal(.favoritesChanged(let changed)):
      // A notification older than the shared value is stale: this feature's own change (made
      // in the reducer) or a later one elsewhere has replaced it, and that change's own
      // notification follows. Installing it would flicker back to a value nobody holds.
      guard changed == favorites.wrappedValue else { return .none }
      return replaceFavorites(with: changed, in: &state)
    case .delegate:
      return .none
    }
  }

  /// Removes a favorite here and in the shared value, and tells the host. The shared value
  /// changes now, with the state, not later in an effect: otherwise the subscription could
  /// deliver the value from before the removal after it, and the list would come back.
  private func remove(_ number: Int, in state: inout ProfileState) -> Effect<ProfileAction> {
    favorites.withLock { _ = $0.remove(number) }
    let effect = replaceFavorites(with: Set(state.favorites.filter { $0 != number }), in: &state)
    return .merge(effect, .send(.delegate(.favoriteRemoved(number))))
  }

  /// Installs a new set of favorites, keeps the selection on a valid neighbour, and reports a
  /// count change. A method shared by two actions, not an extra action.
  private func replaceFavorites(
    with favorites: Set<Int>, in state: inout ProfileState
  ) -> Effect<ProfileAction> {
    let sorted = favorites.sorted()
    guard sorted != state.favorites else { return .none }
    let oldCount = state.favorites.count
    if let selected = state.selected, !favorites.contains(selected) {
      state.selected = sorted.last(where: { $0 < selected }) ?? sorted.first
    } else if state.selected == nil {
      state.selected = sorted.first
    }
    state.favorites = sorted
    return oldCount == sorted.count ? .none : .send(.delegate(.favoriteCountChanged(sorted.count)))
  }

  private func neighbour(of selected: Int?, in favorites: [Int], step: Int) -> Int? {
    guard !favorites.isEmpty else { return nil }
    guard let selected, let index = favorites.firstIndex(of: selected) else {
      return favorites.first
    }
    let next = min(max(index + step, 0), favorites.count - 1)
    return favorites[next]
  }
}
