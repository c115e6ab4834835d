package import DurableFiles
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
    /// The feature started: subscribe to the favorites, and load what the storage kept.
    case started
    case favoritesChanged(Set<Int>)
    case loaded(LoadedCounter)
    case loadFailed(DurableFileError)
    case saveFailed(DurableFileError)
    /// The favorites an older build kept in the counter's file are now in the shared
    /// favorites' own file: the counter's file may be written without them.
    case favoritesMoved
    /// The feature is stopping: the last save must reach the disk before it has.
    case flush
  }

  case input(CounterInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(CounterOutput)

  package var output: CounterOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }

  package static var didStart: CounterAction? { .internal(.started) }
  package static var willStop: CounterAction? { .internal(.flush) }
}
