package import StoreKernel

extension DependencyValues {
  /// The favorites the profile shows; the host injects the value it shares with the counter.
  package var profileFavorites: Shared<Set<Int>> {
    get { self[ProfileFavoritesKey.self] }
    set { self[ProfileFavoritesKey.self] = newValue }
  }
}

private enum ProfileFavoritesKey: DependencyKey {
  static let liveValue = Shared<Set<Int>>(value: [])
  static var testValue: Shared<Set<Int>> { Shared(value: []) }
}
