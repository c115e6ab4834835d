import StoreKernel

/// The whole app's state in the single-store build: the shell's, and each feature's slot.
struct AppState {
  var shell: ShellState
  /// One per declared feature, in declaration order. References: see ``FeatureSlot``.
  let slots: [any FeatureSlot]
}

/// The whole app's actions in the single-store build.
enum AppAction: Sendable {
  case shell(ShellAction)
  /// An action of the feature at this index (its own action type, boxed).
  case feature(Int, any Sendable)
}

/// One root reducer for every feature: each feature's reducer runs on its slot for its own
/// actions; the shell hears their outputs through their boundaries, as in the multi-store build.
struct AppReducer: Reducer {
  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    switch action {
    case .shell(let action):
      return ShellReducer().reduce(into: &state.shell, action: action).map(AppAction.shell)
    case .feature(let index, let action):
      return state.slots[index].reduce(action)
    }
  }
}
