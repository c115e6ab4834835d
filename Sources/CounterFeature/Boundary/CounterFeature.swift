public import FeatureBridge

/// Count up and down, and save counts as favorites shared with other features (seed 004's
/// counter), behind a black-box boundary.
///
/// ```swift
/// let favorites = SharedValue<Set<Int>>([])
/// let (inputs, send) = AsyncStream.makeStream(of: CounterInput.self)
/// let counter = CounterFeature.start(inputs: inputs, favorites: favorites)
/// send.yield(.reset)
/// ```
public enum CounterFeature {
  /// Starts the counter on the caller's actor.
  ///
  /// - Parameters:
  ///   - count: The starting count.
  ///   - inputs: What the host sends.
  ///   - favorites: The favorites shared with other features; the counter reads and writes it.
  ///   - isolation: The host's actor.
  /// - Returns: The running feature.
  public static func start(
    count: Int = 0,
    inputs: AsyncStream<CounterInput>,
    favorites: SharedValue<Set<Int>>,
    isolation: isolated any Actor = #isolation
  ) -> Feature<CounterInput, CounterOutput> {
    Feature.start(
      name: "Counter",
      initialState: CounterState(count: count, favorites: favorites.value),
      reducer: CounterReducer(),
      inputs: inputs,
      withDependencies: { $0.counterFavorites = favorites },
      view: { CounterView(store: $0) },
      isolation: isolation)
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
}
