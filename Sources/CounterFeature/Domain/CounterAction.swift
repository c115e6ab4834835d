import FeatureBridge

/// Everything the counter's store handles: inputs from the host, view actions, internal
/// actions from its effects, and delegate actions that become outputs.
package enum CounterAction: BoundaryAction, Equatable {
  package enum ViewAction: Sendable, Equatable {
    case incrementTapped
    case decrementTapped
    case favoriteToggled
  }

  package enum InternalAction: Sendable, Equatable {
    case subscribeToFavorites
    case favoritesChanged(Set<Int>)
  }

  case input(CounterInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(CounterOutput)

  package var output: CounterOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }

  package static var didStart: CounterAction? { .internal(.subscribeToFavorites) }
}
