public import FeatureBridge
public import StoreKernel

/// Takes on a stack, each one a recorder running in a store of its own: the example of
/// presented features on a navigation stack.
public struct Takes: Reducer {
  /// The takes' state: the stack of recordings.
  public struct State: Equatable {
    /// The recordings on the stack, each presenting a recorder of its own.
    public var path = StackState<Recording>()

    /// An empty stack.
    public init() {}
  }

  /// What happens on the takes screen.
  public enum Action: Equatable, Sendable {
    case newTake
    case path(StackAction<Recording, FeatureAction<RecorderInput, RecorderOutput>>)

    static let pathPath = ActionPath<
      Action, StackAction<Recording, FeatureAction<RecorderInput, RecorderOutput>>
    >(
      embed: Action.path, extract: { if case .path(let action) = $0 { action } else { nil } })
  }

  /// The takes' reducer.
  public init() {}

  /// Pushes a recording on `newTake`; the recorders on the stack run in stores of their own.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      if case .newTake = action { state.path.append(Recording(id: state.path.count + 1)) }
      return .none
    }
    .forEach(\.path, action: Action.pathPath, feature: RecorderFeature.launcher)
    .reduce(into: &state, action: action)
  }
}
