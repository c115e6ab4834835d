public import FeatureBridge
public import StoreKernel

/// A memo screen that presents a recorder as a sheet: the Navigation article's example of a
/// presented feature.
public struct Memo: Reducer {
  /// The memo's state: the recording it presents, if any, and the lengths of those it kept.
  public struct State: Equatable {
    /// The recording the memo presents the recorder with; `nil` while none is presented.
    @PresentationState public var recording: Recording?
    /// The length of each recording, in seconds, oldest first.
    public var lengths: [Int] = []

    /// A memo with no recordings.
    public init() {}
  }

  /// What happens on the memo screen.
  public enum Action: Equatable, Sendable {
    case recordTapped
    case stopTapped
    case recorder(PresentationAction<FeatureAction<RecorderInput, RecorderOutput>>)
  }

  /// The memo's reducer.
  public init() {}

  /// Presents the recorder on `recordTapped` and keeps its length when it reports it stopped.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .recordTapped:
        state.recording = Recording(id: state.lengths.count + 1)
        return .none
      case .stopTapped:
        return .send(.recorder(.presented(.input(.stop))))
      case .recorder(.presented(.output(.stopped(let seconds)))):
        state.lengths.append(seconds)
        state.recording = nil
        return .none
      case .recorder:
        return .none
      }
    }
    .ifLet(\.$recording, action: Action.recorder, feature: RecorderFeature.launcher)
  }
}
