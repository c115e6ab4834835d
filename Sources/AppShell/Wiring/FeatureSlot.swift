import FeatureBridge
import StoreKernel
import TerminalUI

/// What marks the effects of a slot's feature in the root store, so that stopping the feature
/// ends its effects and no other's.
struct SlotEffects: Hashable, Sendable {
  let index: Int
}

extension Effect {
  /// A slot's effect as the root store's: each of its actions bound to the slot by `bind`, and
  /// the effect marked with the slot's id.
  func inSlot(
    _ index: Int, bind: @escaping @Sendable (Action) -> AppAction
  ) -> Effect<AppAction> {
    map(bind).cancellable(id: SlotEffects(index: index))
  }
}

/// A feature's part of the single-store build, for a declared feature as for one a reducer
/// presents: its state, inside the root store, and its reducer, run by the root reducer for the
/// feature's actions (each bound to its slot, ``SlotAction``). The feature itself (its start
/// and stop actions, its inputs, its outputs, settling it) is hosted by the same boundary as in
/// the multi-store build: FeatureBridge starts it from its recipe on a slot that
/// ``RootComposer`` makes.
///
/// The state is held by reference, so the root reducer mutates it in place, as a stored
/// property of a concrete root state would be: a keystroke in a note must not copy the notes.
/// Isolated to the shell's actor, like the root store.
@ShellActor
final class FeatureSlot<State, Action: Sendable> {
  private let index: Int
  private let name: String
  private(set) var state: State
  /// Bumped each time the feature's reducer runs: the change key of its tracked scope.
  private(set) var version = 0
  /// Whether the feature still runs on the slot: its slot is taken out when it is dismissed or
  /// stops.
  private var isRunning = true
  private let reduceFeature: (inout State, Action) -> Effect<Action>

  init(
    index: Int, name: String, state: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.index = index
    self.name = name
    self.state = state
    reduceFeature = reduce
  }

  /// `action` as the root store's, bound to this slot.
  nonisolated func bind(_ action: Action) -> AppAction {
    .feature(SlotAction { [self] in reduce(action) })
  }

  private func reduce(_ action: Action) -> Effect<AppAction> {
    guard isRunning else {
      IssueReporter.report(
        "An action reached \(name) after its slot was taken out (slot \(index): the feature "
          + "was dismissed or stopped): \(action). It reached no feature.")
      return .none
    }
    version &+= 1
    return reduceFeature(&state, action).inSlot(index, bind: binding)
  }

  /// ``bind(_:)`` as a function, formed outside the actor: the slot's effects bind their
  /// actions wherever they run.
  private nonisolated var binding: @Sendable (Action) -> AppAction {
    { [self] in bind($0) }
  }

  /// Takes the slot out: an action still on its way to it reaches no feature.
  func takeOut() {
    isRunning = false
  }
}

/// Where the features run in the single-store build: on slots of the root store. The declared
/// features are started on theirs with the app (``AppFeature``); those a reducer presents are
/// started when presented and taken out when dismissed, behind the same boundary as in the
/// multi-store build (FeatureBridge's `FeatureLauncher(recipe:)`). A feature's recipe starts it
/// on its slot (FeatureBridge's `FeatureRecipe.start(composedIn:)`) and hands its reducer to
/// ``compose(name:initialState:reduce:)``.
///
/// Not `Sendable`: isolated to the shell's actor, the root store's (the root carries it in its
/// dependencies through `FeatureComposerReference`).
@ShellActor
final class RootComposer: FeatureComposer {
  /// The root store, set once it exists (it holds this composer in its dependencies: weak, so
  /// that the two do not keep each other alive).
  weak var root: Store<AppState, AppAction>?
  private let slots: SlotTable
  private let tracked: Bool

  init(slots: SlotTable, tracked: Bool) {
    self.slots = slots
    self.tracked = tracked
  }

  nonisolated func compose<State, Action: Sendable>(
    name: String, initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>
  ) -> (store: Store<State, Action>, end: () -> Void) {
    // A reducer presents the feature, and reducers run on the root store's actor.
    // SAFETY: `assumeIsolated` traps unless this runs on the actor's thread, and runs its
    // operation there, now: the state and the reducer never leave the thread they are on.
    nonisolated(unsafe) let state = initialState
    // SAFETY: the same, for the reducer.
    nonisolated(unsafe) let reduce = reduce
    return ShellActor.assumeIsolated {
      composeSlot(name: name, initialState: state, reduce: reduce)
    }
  }

  /// ``compose(name:initialState:reduce:)`` on the actor; a declared feature's slot is made
  /// here directly (``AppFeature``), where the feature's types are known.
  func composeSlot<State, Action: Sendable>(
    name: String, initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>
  ) -> (store: Store<State, Action>, end: () -> Void) {
    guard let root else {
      preconditionFailure("A feature was presented after the app's root store went")
    }
    var made: FeatureSlot<State, Action>?
    let index = slots.add { index in
      let slot = FeatureSlot(index: index, name: name, state: initialState, reduce: reduce)
      made = slot
      return slot
    }
    guard let slot = made else { preconditionFailure("The slot table made no slot") }
    let store =
      tracked
      ? root.scope(
        state: { _ in slot.state }, action: { slot.bind($0) }, name: "App/\(name)",
        changesWith: { _ in slot.version })
      : root.scope(state: { _ in slot.state }, action: { slot.bind($0) }, name: "App/\(name)")
    let slots = slots
    return (
      store,
      { [weak root] in
        root?.cancelEffects(markedWith: SlotEffects(index: index))
        slot.takeOut()
        slots.remove(at: index)
      }
    )
  }
}
