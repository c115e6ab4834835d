import FeatureBridge
import StoreKernel

/// The whole app's state in the single-store build, one value: the shell's, and each declared
/// feature presented with the app's context. Composed into the root store
/// (`featureHosting = .composed`), each feature's own state lives inside its presentation, and
/// what it presents (an open note's editor) inside the feature's.
///
/// Not `Sendable`: it lives in the root store, on the shell's actor.
struct AppState {
  var shell: ShellState
  /// By declaration index: the context the feature was presented with, while it runs.
  var features: [PresentationState<AppContext>]
}

/// The whole app's actions in the single-store build: values, printable, with no closures.
///
/// `Sendable`: its payloads are.
enum AppAction: Sendable {
  case shell(ShellAction)
  /// Presents every declared feature with `context`: the app's first action.
  case start(AppContext)
  /// An action of the declared feature at `index`: its presentation's action
  /// (`PresentationAction<FeatureAction<Input, Output>>` of the feature's types), which the
  /// feature's own reducer reads back (``AppFeature/reducer(at:)``).
  case feature(index: Int, action: any Sendable)
}

/// One root reducer for every feature: the shell's, and each declared feature's
/// (``AppFeature/reducer(at:)``: its presentation, and its outputs read as shell events).
struct AppReducer: Reducer {
  let features: [Reduce<AppState, AppAction>]

  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    switch action {
    case .shell(let action):
      return ShellReducer().reduce(into: &state.shell, action: action).map(AppAction.shell)
    case .start(let context):
      var effects: Effect<AppAction> = .none
      for index in state.features.indices {
        state.features[index].wrappedValue = context
        effects = effects.merge(with: features[index].reduce(into: &state, action: action))
      }
      return effects
    case .feature(let index, _):
      // Only the start action changes what the root presents, so a feature's action needs
      // only that feature's part (as TCA's `Scope` runs only the child whose case matches):
      // a keystroke costs the same whatever the number of features.
      return features[index].reduce(into: &state, action: action)
    }
  }
}
