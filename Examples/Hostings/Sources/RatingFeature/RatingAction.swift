import FeatureBridge

/// Everything a rating's store handles: the host's inputs, its view's taps, and its outputs.
enum RatingAction: BoundaryAction, Equatable {
  enum ViewAction: Equatable, Sendable {
    case starTapped(Int)
    case submitTapped
  }

  case input(RatingInput)
  case view(ViewAction)
  case delegate(RatingOutput)

  var output: RatingOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}
