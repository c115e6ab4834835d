import FeatureBridge

/// Everything the timer's store handles, split by who sends it: the host's inputs, the view's
/// actions, the effects' internal actions, and delegate actions, which leave the boundary as
/// outputs.
enum TimerAction: BoundaryAction, Equatable {
  enum ViewAction: Sendable, Equatable {
    case pauseResumeTapped
    case resetTapped
  }

  enum InternalAction: Sendable, Equatable {
    case tick
  }

  case input(TimerInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(TimerOutput)

  var output: TimerOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}
