import FeatureBridge
import StoreKernel

/// The tally's logic.
struct TallyReducer: Reducer {
  @Dependency(\.tallyFavorites) var favorites

  func reduce(into state: inout TallyState, action: TallyAction) -> Effect<TallyAction> {
    switch action {
    case .input(.reset):
      state.count = 0
      return .send(.delegate(.countChanged(0)))
    case .view(.incrementTapped):
      state.count += 1
      return .send(.delegate(.countChanged(state.count)))
    case .view(.favoriteTapped):
      let (count, favorites) = (state.count, favorites)
      return .run { send in
        favorites.withLock { _ = $0.insert(count) }
        await send(.delegate(.favoriteSaved(count)))
      }
    case .internal(.subscribeToFavorites):
      return .subscribe(to: favorites) { .internal(.favoritesChanged($0)) }
    case .internal(.favoritesChanged(let favorites)):
      state.favorites = favorites
      return .none
    case .delegate:
      return .none
    }
  }
}

extension DependencyValues {
  /// The favorites the tally shares with other features.
  var tallyFavorites: Shared<Set<Int>> {
    get { self[TallyFavoritesKey.self] }
    set { self[TallyFavoritesKey.self] = newValue }
  }
}

private enum TallyFavoritesKey: DependencyKey {
  static let liveValue = Shared<Set<Int>>(value: [])
  static var testValue: Shared<Set<Int>> { Shared(value: []) }
}
