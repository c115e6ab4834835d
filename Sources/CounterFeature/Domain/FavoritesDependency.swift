package import StoreKernel

extension DependencyValues {
  /// The favorites the counter shares with other features. The host injects one value into
  /// every feature that shares it.
  package var counterFavorites: Shared<Set<Int>> {
    get { self[CounterFavoritesKey.self] }
    set { self[CounterFavoritesKey.self] = newValue }
  }
}

private enum CounterFavoritesKey: DependencyKey {
  static let liveValue = Shared<Set<Int>>(value: [])
  static var testValue: Shared<Set<Int>> { Shared(value: []) }
}
