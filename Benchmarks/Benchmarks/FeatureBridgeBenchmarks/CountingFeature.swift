// The features the FeatureBridge benchmarks run: as small as a real feature can be, so the
// figures are the boundary's cost. Their `Action`s stay internal, as in a feature module.

import FeatureBridge
import StoreKernel

/// Inputs are `Int`s; outputs are `Int`s.
enum CountingAction: BoundaryAction {
  /// The only view action: emit one output.
  enum ViewAction: Sendable {
    case emit
  }

  case input(Int)
  case view(ViewAction)
  case delegate(Int)

  var output: Int? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}

/// Counts the inputs it has seen; `.view(.emit)` emits one delegate action (one output).
struct CountingReducer: Reducer {
  func reduce(into inputsSeen: inout Int, action: CountingAction) -> Effect<CountingAction> {
    switch action {
    case .input:
      inputsSeen &+= 1
      return .none
    case .view(.emit):
      return .send(.delegate(inputsSeen))
    case .delegate:
      return .none
    }
  }
}

/// The feature's public face, the way a feature module writes it, and the view store the
/// benchmarks use to trigger outputs.
enum CountingFeature {
  static func start(
    inputs: AsyncStream<Int>? = nil, isolation: isolated any Actor = #isolation
  ) -> (feature: FeatureHandle<Int, Int>, viewStore: ViewStore<Int, CountingAction.ViewAction>) {
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "Counting", initialState: 0, reducer: CountingReducer())
    }.start(inputs: inputs, isolation: isolation)
    let viewStore = feature.viewStore(state: Int.self, viewAction: CountingAction.ViewAction.self)
    return (feature, viewStore)
  }
}
