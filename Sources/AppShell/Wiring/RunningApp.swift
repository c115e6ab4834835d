import FeatureBridge
import StoreKernel
import TerminalUI

/// What the shell needs from the composed app, whichever architecture built it. Everything is
/// by feature index, in the order of the declarations the app was built from.
@ShellActor
protocol RunningApp: AnyObject {
  /// Which architecture this is, for messages and stats.
  var architecture: Architecture { get }
  /// What the app was built with; its registries count this app's stores and no other's.
  var context: AppContext { get }
  /// The features, in index order.
  var declarations: [any AppFeatureDeclaration] { get }
  /// The shell's own state (tab bar, status line).
  var shell: Store<ShellState, ShellAction> { get }
  /// The terminal view of the feature at `index`.
  func view(at index: Int) -> any TerminalView
  /// Asks the feature at `index` to save now; returns whether it saves at all.
  @discardableResult func requestSave(at index: Int) -> Bool
  /// Waits until the app has done everything its inputs started that it can do now (effects
  /// waiting on a clock or on storage excepted) and the shell has heard every output.
  func settle() async
  /// Stops every feature, delivering what was sent; features that save, save first.
  func stop() async
}

extension RunningApp {
  /// The indices of the features with a tab, in tab order.
  var tabs: [Int] { declarations.indices.filter { declarations[$0].hasTab } }

  /// Every event of every store this app created, and only those: a measurement that read the
  /// process-wide totals would also count other stores alive in the process.
  var events: StoreEvents { context.registry.totals }

  /// Asks every feature that saves to save now; returns how many do.
  @discardableResult
  func requestSaveAll() -> Int {
    declarations.indices.filter { requestSave(at: $0) }.count
  }
}

/// The ways the app can be composed from the same features.
enum Architecture: String, Sendable, CaseIterable {
  /// Each feature owns its store behind a FeatureBridge boundary.
  case multiStore = "multi-store"
  /// One root store holding every feature's state, the features composed into it through
  /// FeatureBridge's public composition; each feature's view gets a store scoped from the root,
  /// derived again only when its feature's reducer has run.
  case singleStore = "single-store"
}

extension Architecture {
  /// Builds the app from `features` in this architecture.
  @ShellActor
  func makeApp(
    context: AppContext, features: [any AppFeatureDeclaration] = AppFeatures.standard,
    initialTab: Int = AppFeatures.initialTab
  ) -> any RunningApp {
    HostedApp(architecture: self, context: context, features: features, initialTab: initialTab)
  }
}
