public import FeatureBridge
public import StoreKernel

/// Count up and down, and save counts as favorites shared with other features, behind a
/// black-box boundary.
///
/// ```swift
/// let favorites = Shared<Set<Int>>(value: [])
/// let counter = CounterFeature.launcher.start(.init(favorites: favorites))
/// await counter.send(.increment)
/// ```
///
/// A namespace: no values.
public enum CounterFeature {
  /// What the counter starts with.
  ///
  /// `Sendable`: its values are.
  public struct Configuration: Sendable {
    /// The starting count (until the storage's is loaded, if it has one).
    public var count: Int
    /// The favorites shared with other features; the counter reads and writes it.
    public var favorites: Shared<Set<Int>>
    /// Where the count and the favorites are kept between runs; `nil` keeps them in memory.
    public var storage: CounterStorage?

    /// What the counter starts with.
    ///
    /// - Parameters:
    ///   - count: The starting count.
    ///   - favorites: The favorites shared with other features.
    ///   - storage: Where the count and the favorites are kept between runs, if anywhere.
    public init(count: Int = 0, favorites: Shared<Set<Int>>, storage: CounterStorage? = nil) {
      self.count = count
      self.favorites = favorites
      self.storage = storage
    }
  }

  /// The counter, as a host starts it (``FeatureLauncher/start(_:inputs:withDependencies:isolation:)``)
  /// or a parent presents it: in a store of its own, or composed into the parent's store.
  public static let launcher = FeatureLauncher { (configuration: Configuration) in
    recipe(
      count: configuration.count, favorites: configuration.favorites,
      storage: configuration.storage)
  }

  /// The counter, before it runs: what `launcher` starts, and what a single-store app composes.
  package static func recipe(
    count: Int = 0, favorites: Shared<Set<Int>>, storage: CounterStorage? = nil
  ) -> FeatureRecipe<CounterReducer> {
    FeatureRecipe(
      name: "Counter",
      initialState: CounterState(count: count, favorites: favorites.wrappedValue),
      reducer: CounterReducer(),
      dependencies: {
        $0.counterFavorites = favorites
        $0.counterStorage = storage
      })
  }

}

/// What a host may tell the counter.
///
/// `Sendable` plain value.
public enum CounterInput: Sendable, Equatable {
  /// Set the count back to zero.
  case reset
  /// Set the count.
  case setCount(Int)
  /// Count one up.
  case increment
  /// Count one down.
  case decrement
  /// Save the current count as a favorite, or remove it if it is one.
  case toggleFavorite
}

/// What the counter tells its host.
///
/// `Sendable` plain value.
public enum CounterOutput: Sendable, Equatable {
  /// The count is now this value.
  case countChanged(Int)
  /// The count was saved as a favorite.
  case favoriteSaved(Int)
  /// The count was removed from the favorites.
  case favoriteRemoved(Int)
  /// Loading or saving the count and favorites failed; one line naming the file and the
  /// problem.
  case storageError(String)
}
