import StoreKernel

/// The whole app's state in the single-store build: the shell's, and each feature's slot.
struct AppState {
  var shell: ShellState
  /// The declared features' slots, and the presented features' while they are presented.
  let slots: SlotTable
}

/// The slots of the single-store build's root store: one per declared feature, in declaration
/// order, then one per feature a reducer presents, for as long as it is presented. A slot's
/// index is never reused: it marks the slot's effects (``SlotEffects``).
///
/// Not `Sendable`: confined to the root store's actor.
final class SlotTable {
  private var slots: [Int: AnyObject] = [:]
  private var nextIndex = 0

  /// Adds a slot, made by `make` with its index.
  func add(_ make: (Int) -> AnyObject) -> Int {
    let index = nextIndex
    nextIndex += 1
    slots[index] = make(index)
    return index
  }

  /// Takes out a slot whose feature was dismissed or stopped.
  func remove(at index: Int) {
    slots[index] = nil
  }

  /// How many features have slots now.
  var count: Int { slots.count }
}

/// The whole app's actions in the single-store build.
enum AppAction: Sendable {
  case shell(ShellAction)
  /// An action of a feature, bound to the slot that handles it.
  case feature(SlotAction)
}

/// An action of one feature, bound to its slot when the feature's store sends it (or its effect
/// does): the root reducer runs it on that slot without knowing the feature's types, so no
/// action is boxed as `any Sendable` and none is cast back. An action cannot reach another
/// feature's slot, or a slot of the wrong type.
///
/// `Sendable`: the slot it holds is isolated to the shell's actor, where the root store (and so
/// its reducer) lives.
struct SlotAction: Sendable {
  /// Runs the feature's reducer on its slot for the action.
  let reduce: @ShellActor @Sendable () -> Effect<AppAction>
}

/// One root reducer for every feature: each feature's reducer runs on its slot for its own
/// actions; the shell hears their outputs through their boundaries, as in the multi-store build.
struct AppReducer: Reducer {
  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    switch action {
    case .shell(let action):
      return ShellReducer().reduce(into: &state.shell, action: action).map(AppAction.shell)
    case .feature(let action):
      // The root store lives on the shell's actor (``HostedApp``), so its reducer runs there.
      return ShellActor.assumeIsolated { action.reduce() }
    }
  }
}
