public import FeatureBridge

/// The sorted list of favorites, with a selection and removal (seed 004's profile), behind a
/// black-box boundary. Favorites come from a shared value, so a removal here is seen at once by
/// every other feature sharing it.
public enum ProfileFeature {
  /// Starts the profile on the caller's actor.
  ///
  /// - Parameters:
  ///   - inputs: What the host sends.
  ///   - favorites: The favorites shared with other features.
  ///   - isolation: The host's actor.
  /// - Returns: The running feature.
  public static func start(
    inputs: AsyncStream<ProfileInput>,
    favorites: SharedValue<Set<Int>>,
    isolation: isolated any Actor = #isolation
  ) -> Feature<ProfileInput, ProfileOutput> {
    Feature.start(
      name: "Profile",
      initialState: ProfileState(favorites: favorites.value),
      reducer: ProfileReducer(),
      inputs: inputs,
      withDependencies: { $0.profileFavorites = favorites },
      view: { ProfileView(store: $0) },
      isolation: isolation)
  }
}

/// What a host may tell the profile.
///
/// `Sendable` plain value.
public enum ProfileInput: Sendable, Equatable {
  /// Select this favorite, if it is one.
  case select(Int)
}

/// What the profile tells its host.
///
/// `Sendable` plain value.
public enum ProfileOutput: Sendable, Equatable {
  /// The number of favorites is now this.
  case favoriteCountChanged(Int)
  /// The user removed this favorite.
  case favoriteRemoved(Int)
}
