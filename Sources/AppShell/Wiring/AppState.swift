import StoreKernel

/// The whole app's state in the single-store build: the shell's, and each feature's slot.
struct AppState {
  var shell: ShellState
  /// The declared features' slots, and the presented features' while they are presented.
  let slots: SlotTable
}

/// The slots of the single-store build's root store: one per declared feature, in declaration
/// order, then one per feature a reducer presents, for as long as it is presented. A slot's
/// index is never reused, so an action still on its way to a dismissed feature reaches none.
///
/// Not `Sendable`: confined to the root store's actor.
final class SlotTable {
  private let declared: [any FeatureSlot]
  private var presented: [Int: any FeatureSlot] = [:]
  private var nextIndex: Int

  init(_ declared: [any FeatureSlot]) {
    self.declared = declared
    nextIndex = declared.count
  }

  /// The slot at `index`, or `nil` if it was a presented feature's and is gone.
  subscript(index: Int) -> (any FeatureSlot)? {
    index < declared.count ? declared[index] : presented[index]
  }

  /// Adds the slot of a presented feature, made by `make` with its index.
  func add(_ make: (Int) -> any FeatureSlot) -> Int {
    let index = nextIndex
    nextIndex += 1
    presented[index] = make(index)
    return index
  }

  /// Takes out a presented feature's slot.
  func remove(at index: Int) {
    presented[index] = nil
  }

  /// How many presented features have slots now.
  var presentedCount: Int { presented.count }
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
      guard let slot = state.slots[index] else {
        IssueReporter.report(
          "An action reached a presented feature that is no longer presented (slot \(index)): "
            + "\(action). It reached no feature.")
        return .none
      }
      return slot.reduce(action)
    }
  }
}
