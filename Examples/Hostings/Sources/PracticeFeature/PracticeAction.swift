import CountdownFeature
import FeatureBridge
import SessionLogFeature
import StoreKernel

/// Everything a session's store handles: the host's inputs, its view's taps, its outputs, and
/// what goes between it and the features it presents.
enum PracticeAction: BoundaryAction, Equatable {
  enum ViewAction: Equatable, Sendable {
    case addTimerTapped(seconds: Int)
    case logTapped
    case rateTapped
    case resetTapped
  }

  case input(PracticeInput)
  case view(ViewAction)
  case delegate(PracticeOutput)
  case timers(StackAction<Countdown, FeatureAction<CountdownInput, CountdownOutput>>)
  case log(PresentationAction<FeatureAction<SessionLogInput, SessionLogOutput>>)
  case destination(PresentationAction<PracticeDestination.Action>)

  var output: PracticeOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}
