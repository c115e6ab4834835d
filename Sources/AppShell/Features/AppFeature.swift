import FeatureBridge
import StoreKernel
import TerminalUI

/// One feature of the app, declared once: its title, how to make it, its terminal view, and
/// what its outputs mean to the shell. The tab bar, the key routing, the help, the script
/// commands, and both the multi-store and the single-store wiring derive from the list of these
/// (``AppFeatures``); adding a feature is one more entry there.
///
/// The recipe serves both architectures: the multi-store build starts it behind a boundary, the
/// single-store build composes its state and reducer under the root store. Everything the
/// single-store build needs (the reducer, the start and stop actions, the view over a scoped
/// store) comes from the recipe's types, so the compiler checks it for every feature.
///
/// Not `Sendable`: it lives on the app's actor, with the stores it makes.
struct AppFeature<R: Reducer>: AppFeatureDeclaration where R.Action: BoundaryAction {
  typealias Input = R.Action.Input
  typealias Output = R.Action.Output

  let title: String
  /// Whether the feature has a tab (compare's extra features do not).
  var hasTab = true
  /// The tab's badge until the feature reports one.
  var initialBadge = ""
  /// How to make the feature from the app's context.
  let recipe: (AppContext) -> FeatureRecipe<R>
  /// Its terminal view, over a view store (of its own store, or of a scoped one).
  let view: (ViewStore<R.State, R.Action.ViewAction>) -> any TerminalView
  /// What each output means to the shell.
  let shellEvents: @Sendable (Output) -> [ShellEvent]
  /// The input that asks the feature to save now (Ctrl-S, the script's `save`), if it saves.
  var saveInput: Input?

  @ShellActor
  func start(in context: AppContext, at index: Int) -> any RunningFeature {
    BoundaryFeature(declaration: self, index: index, context: context)
  }

  func slot(in context: AppContext, at index: Int) -> any FeatureSlot {
    Slot(declaration: self, index: index, context: context)
  }
}

/// A feature declaration with its types erased, so one list can hold them all.
protocol AppFeatureDeclaration {
  var title: String { get }
  var hasTab: Bool { get }
  var initialBadge: String { get }
  /// Starts the feature behind its boundary (the multi-store build).
  @ShellActor func start(in context: AppContext, at index: Int) -> any RunningFeature
  /// Makes the feature's part of the root store (the single-store build).
  func slot(in context: AppContext, at index: Int) -> any FeatureSlot
}
