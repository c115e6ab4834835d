import FeatureBridge
import StoreKernel
import TerminalUI

/// A feature's part of the single-store build: its state, inside the root store, and its
/// reducer, run by the root reducer for the feature's actions. The feature itself (its start
/// and stop actions, its inputs, its outputs to the shell, settling it) is hosted by the same
/// boundary as in the multi-store build (``Slot/start(in:tracked:)``).
///
/// The state is held by reference, so the root reducer mutates it in place, as a stored
/// property of a concrete root state would be: a keystroke in a note must not copy the notes.
/// Confined to the root store's actor, like the store.
protocol FeatureSlot: AnyObject {
  /// Runs the feature's reducer for one of its actions (boxed in ``AppAction/feature(_:_:)``).
  func reduce(_ action: any Sendable) -> Effect<AppAction>
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
  /// A slot's effect as the root store's: its actions boxed for the slot at `index`, and
  /// marked with the slot's id.
  func inSlot(_ index: Int) -> Effect<AppAction> {
    map { .feature(index, $0) }.cancellable(id: SlotEffects(index: index))
  }
}

/// A declared feature's slot, for a feature declared as `AppFeature<R>`.
final class Slot<R: Reducer>: FeatureSlot where R.Action: BoundaryAction {
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

  /// ``reduceAction(_:)`` as a closure formed in `init`, which runs specialized for the
  /// feature's reducer (its declaration makes the slot): a method reached through
  /// `any FeatureSlot` runs generic code.
  private let reduceSpecialized: (Slot, any Sendable) -> Effect<AppAction>

  init(declaration: AppFeature<R>, index: Int, context: AppContext) {
    self.appFeature = declaration
    self.index = index
    recipe = declaration.recipe(context)
    state = recipe.initialState
    reduceSpecialized = { slot, action in slot.reduceAction(action) }
  }

  func reduce(_ action: any Sendable) -> Effect<AppAction> {
    reduceSpecialized(self, action)
  }

  private func reduceAction(_ action: any Sendable) -> Effect<AppAction> {
    guard let action = action as? R.Action else {
      preconditionFailure("\(appFeature.title) received an action of another feature: \(action)")
    }
    version &+= 1
    return reduceFeature(&state, action).inSlot(index)
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
        // casting the root state's type-erased slot on every derivation.
        return tracked
          ? root.scope(
            state: { [self] _ in state },
            action: { (action: R.Action) in AppAction.feature(index, action) }, name: name,
            changesWith: { [self] _ in version })
          : root.scope(
            state: { [self] _ in state },
            action: { (action: R.Action) in AppAction.feature(index, action) }, name: name)
      },
      endEffects: { root.cancelEffects(markedWith: SlotEffects(index: index)) })
  }
}

/// A presented feature's slot (``RootComposer``): its state and its reducer, by their types,
/// since a presented feature is not declared to the app.
final class ComposedSlot<State, Action: Sendable>: FeatureSlot {
  private let index: Int
  private(set) var state: State
  /// Bumped each time the feature's reducer runs: the change key of its tracked scope.
  private(set) var version = 0
  private let reduceFeature: (inout State, Action) -> Effect<Action>

  init(index: Int, state: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.index = index
    self.state = state
    reduceFeature = reduce
  }

  func reduce(_ action: any Sendable) -> Effect<AppAction> {
    guard let action = action as? Action else {
      preconditionFailure("A presented feature received an action of another feature: \(action)")
    }
    version &+= 1
    return reduceFeature(&state, action).inSlot(index)
  }

  /// A presented feature's dependencies are its reducer's own (``FeatureRecipe``'s composed
  /// start applies them), not the root store's.
  func prepare(_ dependencies: inout DependencyValues) {}
}

/// Where the features a reducer presents run in the single-store build: on slots of the root
/// store, started when presented and taken out when dismissed, behind the same boundary as in
/// the multi-store build (FeatureBridge's `FeatureLauncher(recipe:)`).
///
/// Not `Sendable`: confined to the root store's actor (the root carries it in its dependencies
/// through `FeatureComposerReference`).
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

  func compose<State, Action: Sendable>(
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
    let embed = { (action: Action) in AppAction.feature(index, action) }
    let store =
      tracked
      ? root.scope(
        state: { _ in slot.state }, action: embed, name: "App/\(name)",
        changesWith: { _ in slot.version })
      : root.scope(state: { _ in slot.state }, action: embed, name: "App/\(name)")
    let slots = slots
    return (
      store,
      { [weak root] in
        root?.cancelEffects(markedWith: SlotEffects(index: index))
        slots.remove(at: index)
      }
    )
  }
}
