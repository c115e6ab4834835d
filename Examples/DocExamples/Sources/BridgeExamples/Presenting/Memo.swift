public import FeatureBridge
public import StoreKernel

/// A memo screen that presents a recorder as a sheet: the Navigation article's example of a
/// presented feature.
public struct Memo: Reducer {
  public struct State: Equatable {
    @PresentationState public var recording: Recording?
    public var lengths: [Int] = []

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case recordTapped
    case stopTapped
    case recorder(PresentationAction<FeatureAction<RecorderInput, RecorderOutput>>)

    static let recorderPath = ActionPath<
      Action, PresentationAction<FeatureAction<RecorderInput, RecorderOutput>>
    >(
      embed: Action.recorder,
      extract: { if case .recorder(let action) = $0 { action } else { nil } })
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
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
    .ifLet(\.$recording, action: Action.recorderPath, feature: \.recorder)
    .reduce(into: &state, action: action)
  }
}
