import FeatureBridge
import StoreKernel
import TerminalUI

/// One feature of the app, declared once: its title, how to make it, its terminal view, and
/// what its outputs mean to the shell. The tab bar, the key routing, the help, the script
/// commands, and both the multi-store and the single-store wiring derive from the list of these
/// (``AppFeatures``); adding a feature is one more entry there.
///
/// The recipe serves both architectures, through the same boundary: the multi-store build starts
/// the feature with a store of its own, the single-store build starts it on a slot of the root
/// store (its state in the root, its reducer run by the root's), as it starts the features they
/// present. Either way the feature's host delivers its inputs, routes its outputs to the shell,
/// settles and stops it.
///
/// Not `Sendable`: it lives on the app's actor, with the stores it makes.
struct AppFeature<R: Reducer>: AppFeatureDeclaration where R.Action: BoundaryAction {
  typealias Input = R.Action.Input
  typealias Output = R.Action.Output

  let title: String
  /// Whether the feature has a tab (compare's extra features do not).
  var hasTab: Bool
  /// The tab's badge until the feature reports one.
  var initialBadge: String
  /// How to make the feature from the app's context.
  let recipe: (AppContext) -> FeatureRecipe<R>
  /// Its terminal view, over a view store (of its own store, or of a scoped one).
  let view: (ViewStore<R.State, R.Action.ViewAction>) -> any TerminalView
  /// What each output means to the shell.
  let shellEvents: @Sendable (Output) -> [ShellEvent]
  /// The input that asks the feature to save now (Ctrl-S, the script's `save`), if it saves.
  var saveInput: Input?
  /// Makes the feature's slot with `composer`: formed in `init`, where the reducer's type is
  /// known, so that the slot's store runs code specialized for the feature's types and the root
  /// store's. The feature's own code is specialized by its recipe (FeatureBridge's
  /// `FeatureOperations`); the slot needs the root store's types too, which only the app knows.
  private let slotMaker: @ShellActor (RootComposer) -> FeatureRecipe<R>.Compose

  init(
    title: String, hasTab: Bool = true, initialBadge: String = "",
    recipe: @escaping (AppContext) -> FeatureRecipe<R>,
    view: @escaping (ViewStore<R.State, R.Action.ViewAction>) -> any TerminalView,
    shellEvents: @escaping @Sendable (Output) -> [ShellEvent],
    saveInput: Input? = nil
  ) {
    self.title = title
    self.hasTab = hasTab
    self.initialBadge = initialBadge
    self.recipe = recipe
    self.view = view
    self.shellEvents = shellEvents
    self.saveInput = saveInput
    slotMaker = { composer in
      { name, initialState, reduce in
        composer.composeSlot(name: name, initialState: initialState, reduce: reduce)
      }
    }
  }

  // Reached through the type-erased list, these methods run generic code; the feature's store,
  // view store and slot do not: the recipe was made by the feature's module, and starts the
  // feature with code specialized there (FeatureBridge's `FeatureOperations`), and the slot is
  // made by `slotMaker`.

  @ShellActor
  func start(in context: AppContext, at index: Int) -> any RunningFeature {
    BoundaryFeature(
      declaration: self, index: index,
      feature: recipe(context).start(withDependencies: context.hostDependencies))
  }

  func prepare(_ dependencies: inout DependencyValues, in context: AppContext) {
    recipe(context).dependencies(&dependencies)
  }

  @ShellActor
  func start(
    in context: AppContext, at index: Int, on root: Store<AppState, AppAction>,
    composer: RootComposer
  ) -> any RunningFeature {
    BoundaryFeature(
      declaration: self, index: index,
      feature: recipe(context).start(
        composedBy: slotMaker(composer), dependencies: root.dependencyValues,
        withDependencies: context.hostDependencies))
  }
}

/// A feature declaration with its types erased, so one list can hold them all.
protocol AppFeatureDeclaration {
  var title: String { get }
  var hasTab: Bool { get }
  var initialBadge: String { get }
  /// Starts the feature behind its boundary (the multi-store build).
  @ShellActor func start(in context: AppContext, at index: Int) -> any RunningFeature
  /// Sets the feature's dependencies on the single-store build's root store, where the features
  /// it presents start from them.
  func prepare(_ dependencies: inout DependencyValues, in context: AppContext)
  /// Starts the feature on a slot of `root` that `composer` makes (the single-store build),
  /// behind the same boundary.
  @ShellActor func start(
    in context: AppContext, at index: Int, on root: Store<AppState, AppAction>,
    composer: RootComposer
  ) -> any RunningFeature
}
