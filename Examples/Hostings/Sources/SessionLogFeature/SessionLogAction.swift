import FeatureBridge

/// Everything a log's store handles: the host's inputs, its view's taps, its start, the shared
/// lines as they change, and its outputs.
enum SessionLogAction: BoundaryAction, Equatable {
  enum ViewAction: Equatable, Sendable {
    case clearTapped
  }

  case input(SessionLogInput)
  case view(ViewAction)
  case started
  case linesChanged([String])
  case delegate(SessionLogOutput)

  static var didStart: Self? { .started }

  var output: SessionLogOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}
