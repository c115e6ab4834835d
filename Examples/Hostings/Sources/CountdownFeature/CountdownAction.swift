import FeatureBridge

/// Everything a countdown's store handles: the host's inputs, its view's taps, the clock's
/// ticks, and its outputs.
enum CountdownAction: BoundaryAction, Equatable {
  enum ViewAction: Equatable, Sendable {
    case startTapped
    case pauseTapped
  }

  case input(CountdownInput)
  case view(ViewAction)
  case tick
  case delegate(CountdownOutput)

  var output: CountdownOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}
