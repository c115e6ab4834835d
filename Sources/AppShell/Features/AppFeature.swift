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
/// store (its state in the root, its reducer run by the root's). Either way the feature's host
/// delivers its inputs, routes its outputs to the shell, settles and stops it.
///
/// Not `Sendable`: it lives on the app's actor, with the stores it makes.
struct AppFeature<R: Reducer & SendableMetatype>: AppFeatureDeclaration
where R.Action: BoundaryAction {
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
  /// Starts the feature with a store of its own, and makes its slot for the single-store
  /// build. Formed in `init`, where the reducer's type is known, so the feature's store, view
  /// store and slot run code specialized for its state and actions: reached through the
  /// type-erased list, `start` and `slot` are generic code, and a store started there looks up
  /// generic metadata on every action.
  private let startBoundary: @ShellActor (AppFeature, AppContext, Int) -> any RunningFeature
  private let makeSlot: @ShellActor (AppFeature, AppContext, Int) -> SlotStart

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
      BoundaryFeature(
        declaration: declaration, index: index,
        feature: declaration.recipe(context).start(withDependencies: context.hostDependencies))
    }
    makeSlot = { declaration, context, index in
      let slot = Slot(declaration: declaration, index: index, context: context)
      return SlotStart(slot: slot) { root, tracked in
        BoundaryFeature(
          declaration: declaration, index: index, feature: slot.start(in: root, tracked: tracked))
      }
    }
  }

  @ShellActor
  func start(in context: AppContext, at index: Int) -> any RunningFeature {
    startBoundary(self, context, index)
  }

  @ShellActor
  func slot(in context: AppContext, at index: Int) -> SlotStart {
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
  @ShellActor func slot(in context: AppContext, at index: Int) -> SlotStart
}
