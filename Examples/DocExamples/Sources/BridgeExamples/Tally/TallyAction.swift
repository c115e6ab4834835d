import FeatureBridge

enum TallyAction: BoundaryAction {
  enum ViewAction: Sendable { case incrementTapped, favoriteTapped }
  enum InternalAction: Sendable { case subscribeToFavorites, favoritesChanged(Set<Int>) }

  case input(TallyInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(TallyOutput)

  var output: TallyOutput? { if case .delegate(let output) = self { output } else { nil } }
}

extension TallyAction {
  /// The subscription to the shared favorites starts with the feature.
  static var didStart: TallyAction? { .internal(.subscribeToFavorites) }
}
