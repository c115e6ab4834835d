public import FeatureBridge
public import StoreKernel

// A small feature behind the boundary, for the doc comments of BoundaryAction, ViewStore and
// Effect.subscribe and for the Boundaries article: a count the host can reset, that a view
// increments and saves as a favorite, with favorites shared with other features.

/// What a host may tell the tally.
///
/// `Sendable` plain value.
public enum TallyInput: Sendable, Equatable {
  /// Back to zero.
  case reset
}

/// What the tally tells its host.
///
/// `Sendable` plain value.
public enum TallyOutput: Sendable, Equatable {
  /// The count is now this.
  case countChanged(Int)
  /// This count was saved as a favorite.
  case favoriteSaved(Int)
}

/// Launches tallies; their state, actions and reducer are internal to this module.
///
/// A namespace: no values.
public enum TallyFeature {
  /// A tally, started with the favorites it shares with other features.
  public static let launcher = FeatureLauncher { (favorites: Shared<Set<Int>>) in
    FeatureRecipe(
      name: "Tally", initialState: TallyState(), reducer: TallyReducer(),
      dependencies: { $0.tallyFavorites = favorites })
  }

  /// The view store a view of the tally reads.
  static func viewStore(
    of feature: FeatureHandle<TallyInput, TallyOutput>
  ) -> ViewStore<TallyState, TallyAction.ViewAction> {
    feature.viewStore(state: TallyState.self, viewAction: TallyAction.ViewAction.self)
  }
}
