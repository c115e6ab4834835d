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
  /// Starts the feature and makes its slot. Formed in `init`, where the reducer's type is known,
  /// so the feature's store, view store and slot run code specialized for its state and
  /// actions: reached through the type-erased list, `start` and `slot` are generic code, and a
  /// store started there looks up generic metadata on every action.
  private let startBoundary: @ShellActor (AppFeature, AppContext, Int) -> any RunningFeature
  private let makeSlot: (AppFeature, AppContext, Int) -> any FeatureSlot

  /// Declares a feature.
  ///
  /// - Parameters:
  ///   - title: The tab's title, and the feature's name in help and scripts.
  ///   - hasTab: Whether the feature has a tab.
  ///   - initialBadge: The tab's badge until the feature reports one.
  ///   - recipe: How to make the feature from the app's context.
  ///   - view: Its terminal view, over a view store.
  ///   - shellEvents: What each output means to the shell.
  ///   - saveInput: The input that asks the feature to save now, if it saves.
  @inline(__always)
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
    startBoundary = { declaration, context, index in
      BoundaryFeature(declaration: declaration, index: index, context: context)
    }
    makeSlot = { declaration, context, index in
      Slot(declaration: declaration, index: index, context: context)
    }
  }

  @ShellActor
  func start(in context: AppContext, at index: Int) -> any RunningFeature {
    startBoundary(self, context, index)
  }

  func slot(in context: AppContext, at index: Int) -> any FeatureSlot {
    makeSlot(self, context, index)
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
