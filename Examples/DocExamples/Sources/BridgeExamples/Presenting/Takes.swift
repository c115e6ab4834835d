public import FeatureBridge
public import StoreKernel

/// Takes on a stack, each one a recorder running in a store of its own: the example of
/// presented features on a navigation stack.
public struct Takes: Reducer {
  public struct State: Equatable {
    public var path = StackState<Recording>()

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case newTake
    case path(StackAction<Recording, FeatureAction<RecorderInput, RecorderOutput>>)

    static let pathPath = ActionPath<
      Action, StackAction<Recording, FeatureAction<RecorderInput, RecorderOutput>>
    >(
      embed: Action.path, extract: { if case .path(let action) = $0 { action } else { nil } })
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      if case .newTake = action { state.path.append(Recording(id: state.path.count + 1)) }
      return .none
    }
    .forEach(\.path, action: Action.pathPath, feature: \.recorder)
    .reduce(into: &state, action: action)
  }
}
