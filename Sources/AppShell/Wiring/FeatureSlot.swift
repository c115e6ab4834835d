import FeatureBridge
import StoreKernel
import TerminalUI

/// A feature's part of the single-store build: its state, inside the root store, and its
/// reducer, run by the root reducer for the feature's actions.
///
/// The state is held by reference, so the root reducer mutates it in place, as a stored
/// property of a concrete root state would be: a keystroke in a note must not copy the notes.
/// Confined to the root store's actor, like the store.
protocol FeatureSlot: AnyObject {
  var declaration: any AppFeatureDeclaration { get }
  /// Runs the feature's reducer for one of its actions (boxed in ``AppAction/feature(_:_:)``).
  func reduce(_ action: any Sendable, shell: inout ShellState) -> Effect<AppAction>
  /// What the feature's boundary would send when it starts and when it stops.
  var didStart: AppAction? { get }
  /// Whether the work `didStart` starts ends by itself (`BoundaryAction.startWorkEnds`).
  var startWorkEnds: Bool { get }
  var willStop: AppAction? { get }
  /// The action that asks the feature to save now, if it saves.
  var save: AppAction? { get }
  /// Sets the feature's dependencies on the root store.
  func prepare(_ dependencies: inout DependencyValues)
  /// The feature's view, over a store scoped from `root` to this slot.
  ///
  /// - Parameters:
  ///   - root: The root store.
  ///   - tracked: Whether the scope is derived again only when this slot's reducer has run
  ///     (as an app whose views track what they read), or after every action of the app.
  func makeView(
    root: Store<AppState, AppAction>, tracked: Bool
  ) -> (store: AnyObject, view: any TerminalView)
}

/// The one implementation of ``FeatureSlot``, for a feature declared as `AppFeature<R>`.
final class Slot<R: Reducer>: FeatureSlot where R.Action: BoundaryAction {
  private let appFeature: AppFeature<R>
  private let index: Int
  private let recipe: FeatureRecipe<R>
  var state: R.State
  /// Bumped each time the feature's reducer runs: the change key of its scope, so that a
  /// tracked scope is derived again only when its feature may have changed.
  private(set) var version = 0

  /// ``reduceAction(_:shell:)`` and ``makeScopedView(root:tracked:)`` as closures formed in
  /// `init`, which runs specialized for the feature's reducer (its declaration makes the slot):
  /// methods reached through `any FeatureSlot` run generic code, and the scope closures a
  /// generic `makeView` forms would look up type metadata on every action of the app.
  private let reduceSpecialized: (Slot, any Sendable, inout ShellState) -> Effect<AppAction>
  private let makeViewSpecialized:
    (Slot, Store<AppState, AppAction>, Bool) -> (store: AnyObject, view: any TerminalView)

  init(declaration: AppFeature<R>, index: Int, context: AppContext) {
    self.appFeature = declaration
    self.index = index
    recipe = declaration.recipe(context)
    state = recipe.initialState
    reduceSpecialized = { slot, action, shell in slot.reduceAction(action, shell: &shell) }
    makeViewSpecialized = { slot, root, tracked in
      slot.makeScopedView(root: root, tracked: tracked)
    }
  }

  var declaration: any AppFeatureDeclaration { appFeature }

  func reduce(_ action: any Sendable, shell: inout ShellState) -> Effect<AppAction> {
    reduceSpecialized(self, action, &shell)
  }

  func makeView(
    root: Store<AppState, AppAction>, tracked: Bool
  ) -> (store: AnyObject, view: any TerminalView) {
    makeViewSpecialized(self, root, tracked)
  }

  private func reduceAction(_ action: any Sendable, shell: inout ShellState) -> Effect<AppAction> {
    guard let action = action as? R.Action else {
      preconditionFailure("\(appFeature.title) received an action of another feature: \(action)")
    }
    // A delegate action is the feature's output: the shell hears it here, as the multi-store
    // build's shell hears the output stream.
    if let output = action.output {
      for event in appFeature.shellEvents(output) {
        ShellReducer.apply(event, from: index, to: &shell)
      }
    }
    let index = index
    version &+= 1
    return recipe.reducer.reduce(into: &state, action: action)
      .map { .feature(index, $0) }
  }

  var didStart: AppAction? { R.Action.didStart.map { .feature(index, $0) } }

  var startWorkEnds: Bool { R.Action.startWorkEnds }

  var willStop: AppAction? { R.Action.willStop.map { .feature(index, $0) } }

  var save: AppAction? { appFeature.saveInput.map { .feature(index, R.Action.input($0)) } }

  func prepare(_ dependencies: inout DependencyValues) {
    recipe.dependencies(&dependencies)
  }

  private func makeScopedView(
    root: Store<AppState, AppAction>, tracked: Bool
  ) -> (store: AnyObject, view: any TerminalView) {
    let index = index
    let name = "App/\(appFeature.title)"
    // The slot is the one in the root state (a reference): read it directly rather than
    // casting the root state's type-erased slot on every derivation.
    let scoped =
      tracked
      ? root.scope(
        state: { [self] _ in state },
        action: { (action: R.Action) in AppAction.feature(index, action) }, name: name,
        changesWith: { [self] _ in version })
      : root.scope(
        state: { [self] _ in state },
        action: { (action: R.Action) in AppAction.feature(index, action) }, name: name)
    return (scoped, appFeature.view(ViewStore(scoped)))
  }
}
