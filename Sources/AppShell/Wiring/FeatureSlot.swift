import FeatureBridge
import StoreKernel
import TerminalUI

/// A feature's part of the single-store build: its state, inside the root store, and its
/// reducer, run by the root reducer for the feature's actions (each bound to its slot,
/// ``SlotAction``). The feature itself (its start and stop actions, its inputs, its outputs to
/// the shell, settling it) is hosted by the same boundary as in the multi-store build
/// (``Slot/start(in:tracked:)``).
///
/// The state is held by reference, so the root reducer mutates it in place, as a stored
/// property of a concrete root state would be: a keystroke in a note must not copy the notes.
/// Isolated to the shell's actor, like the root store.
@ShellActor
protocol FeatureSlot: AnyObject {
  /// Sets the feature's dependencies on the root store.
  func prepare(_ dependencies: inout DependencyValues)
}

/// A feature's slot, made before the root store that holds it, and how to start the feature on
/// it once the root store exists.
struct SlotStart {
  let slot: any FeatureSlot
  /// Starts the feature on its slot of `root`; `tracked` as in ``Slot/start(in:tracked:)``.
  let start: @ShellActor (_ root: Store<AppState, AppAction>, _ tracked: Bool) -> any RunningFeature
}

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

/// A declared feature's slot, for a feature declared as `AppFeature<R>`.
@ShellActor
final class Slot<R: Reducer & SendableMetatype>: FeatureSlot where R.Action: BoundaryAction {
  private let appFeature: AppFeature<R>
  private let index: Int
  private let recipe: FeatureRecipe<R>
  var state: R.State
  /// Bumped each time the feature's reducer runs: the change key of its scope, so that a
  /// tracked scope is derived again only when its feature may have changed.
  private(set) var version = 0
  /// The feature's reducer inside its boundary (its delegate actions routed to its outputs),
  /// installed when the feature starts on this slot.
  private var reduceFeature: (inout R.State, R.Action) -> Effect<R.Action> = { _, _ in .none }

  init(declaration: AppFeature<R>, index: Int, context: AppContext) {
    self.appFeature = declaration
    self.index = index
    recipe = declaration.recipe(context)
    state = recipe.initialState
  }

  /// `action` as the root store's, bound to this slot.
  nonisolated func bind(_ action: R.Action) -> AppAction {
    .feature(SlotAction { [self] in reduce(action) })
  }

  private func reduce(_ action: R.Action) -> Effect<AppAction> {
    version &+= 1
    return reduceFeature(&state, action).inSlot(index, bind: binding)
  }

  /// ``bind(_:)`` as a function, formed outside the actor: the slot's effects bind their
  /// actions wherever they run.
  private nonisolated var binding: @Sendable (R.Action) -> AppAction {
    { [self] in bind($0) }
  }

  func prepare(_ dependencies: inout DependencyValues) {
    recipe.dependencies(&dependencies)
  }

  /// Starts the feature on this slot of `root`, behind the same boundary as a feature with a
  /// store of its own: its view store and its host use a store scoped from `root` to the slot.
  ///
  /// - Parameters:
  ///   - root: The root store, whose state holds this slot.
  ///   - tracked: Whether the scope is derived again only when this slot's reducer has run
  ///     (as an app whose views track what they read), or after every action of the app.
  @ShellActor
  func start(
    in root: Store<AppState, AppAction>, tracked: Bool
  ) -> Feature<R.Action.Input, R.Action.Output> {
    let index = index
    let name = "App/\(appFeature.title)"
    return Feature.start(
      name: recipe.name, reducer: recipe.reducer, delivery: recipe.delivery,
      dependencies: root.dependencyValues,
      composedBy: { [self] reduce in
        reduceFeature = reduce
        // The slot is the one in the root state (a reference): read it directly rather than
        // looking it up in the root state on every derivation.
        return tracked
          ? root.scope(
            state: { [self] _ in state }, action: { [self] in bind($0) }, name: name,
            changesWith: { [self] _ in version })
          : root.scope(state: { [self] _ in state }, action: { [self] in bind($0) }, name: name)
      },
      endEffects: { root.cancelEffects(markedWith: SlotEffects(index: index)) })
  }
}

/// A presented feature's slot (``RootComposer``): its state and its reducer, by their types,
/// since a presented feature is not declared to the app.
@ShellActor
final class ComposedSlot<State, Action: Sendable>: FeatureSlot {
  private let index: Int
  private(set) var state: State
  /// Bumped each time the feature's reducer runs: the change key of its tracked scope.
  private(set) var version = 0
  /// Whether the feature is still presented; its slot is taken out when it is dismissed.
  private var isPresented = true
  private let reduceFeature: (inout State, Action) -> Effect<Action>

  init(index: Int, state: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.index = index
    self.state = state
    reduceFeature = reduce
  }

  /// `action` as the root store's, bound to this slot.
  nonisolated func bind(_ action: Action) -> AppAction {
    .feature(SlotAction { [self] in reduce(action) })
  }

  private func reduce(_ action: Action) -> Effect<AppAction> {
    guard isPresented else {
      IssueReporter.report(
        "An action reached a presented feature that is no longer presented (slot \(index)): "
          + "\(action). It reached no feature.")
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
  func dismiss() {
    isPresented = false
  }

  /// A presented feature's dependencies are its reducer's own (``FeatureRecipe``'s composed
  /// start applies them), not the root store's.
  func prepare(_ dependencies: inout DependencyValues) {}
}

/// Where the features a reducer presents run in the single-store build: on slots of the root
/// store, started when presented and taken out when dismissed, behind the same boundary as in
/// the multi-store build (FeatureBridge's `FeatureLauncher(recipe:)`).
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
    nonisolated(unsafe) let reduce = reduce
    return ShellActor.assumeIsolated {
      composeSlot(name: name, initialState: state, reduce: reduce)
    }
  }

  private func composeSlot<State, Action: Sendable>(
    name: String, initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>
  ) -> (store: Store<State, Action>, end: () -> Void) {
    guard let root else {
      preconditionFailure("A feature was presented after the app's root store went")
    }
    var made: ComposedSlot<State, Action>?
    let index = slots.add { index in
      let slot = ComposedSlot(index: index, state: initialState, reduce: reduce)
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
        slot.dismiss()
        slots.remove(at: index)
      }
    )
  }
}
