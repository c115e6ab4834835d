import FeatureBridge

/// Everything the profile's store handles, split into view, internal and delegate actions.
package enum ProfileAction: BoundaryAction, Equatable {
  package enum ViewAction: Sendable, Equatable {
    case selectNext
    case selectPrevious
    case removeSelectedTapped
  }

  package enum InternalAction: Sendable, Equatable {
    case subscribeToFavorites
    case favoritesChanged(Set<Int>)
  }

  case input(ProfileInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(ProfileOutput)

  package var output: ProfileOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }

  package static var didStart: ProfileAction? { .internal(.subscribeToFavorites) }
}
