package import FeatureBridge
package import StoreKernel

extension DependencyValues {
  /// The favorites the profile shows; the host injects the value it shares with the counter.
  package var profileFavorites: SharedValue<Set<Int>> {
    get { self[ProfileFavoritesKey.self] }
    set { self[ProfileFavoritesKey.self] = newValue }
  }
}

private enum ProfileFavoritesKey: DependencyKey {
  static let liveValue = SharedValue<Set<Int>>([])
  static var testValue: SharedValue<Set<Int>> { SharedValue([]) }
}
