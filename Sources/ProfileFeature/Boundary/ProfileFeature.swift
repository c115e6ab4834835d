public import FeatureBridge
public import StoreKernel

/// The sorted list of favorites, with a selection and removal, behind a black-box boundary.
/// Favorites come from a shared value, so a removal here is seen at once by every other feature
/// sharing it.
///
/// ```swift
/// let profile = ProfileFeature.launcher.start(favorites)
/// await profile.send(.remove(7))
/// ```
///
/// A namespace: no values.
public enum ProfileFeature {
  /// The profile, as a host starts it (``FeatureLauncher/start(_:inputs:withDependencies:isolation:)``)
  /// or a parent presents it, with the favorites it shows: in a store of its own, or composed
  /// into the parent's store.
  public static let launcher = FeatureLauncher { (favorites: Shared<Set<Int>>) in
    recipe(favorites: favorites)
  }

  /// The profile, before it runs: what `launcher` starts, and what a single-store app composes.
  package static func recipe(favorites: Shared<Set<Int>>) -> FeatureRecipe<ProfileReducer> {
    FeatureRecipe(
      name: "Profile",
      initialState: ProfileState(favorites: favorites.wrappedValue),
      reducer: ProfileReducer(),
      dependencies: { $0.profileFavorites = favorites })
  }

}

/// What a host may tell the profile.
///
/// `Sendable` plain value.
public enum ProfileInput: Sendable, Equatable {
  /// Select this favorite, if it is one.
  case select(Int)
  /// Remove this favorite, if it is one, for every feature that shares them.
  case remove(Int)
}

/// What the profile tells its host.
///
/// `Sendable` plain value.
public enum ProfileOutput: Sendable, Equatable {
  /// The number of favorites is now this.
  case favoriteCountChanged(Int)
  /// This favorite was removed.
  case favoriteRemoved(Int)
}
