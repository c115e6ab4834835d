import FeatureBridge
import StoreKernel
import TerminalUI

/// The app's features running behind their boundaries, and the shell hearing their outputs: one
/// lifecycle for every architecture. Only where each feature's reducer runs differs.
///
/// - Multi-store: each feature has a store of its own; the shell has its own.
/// - Single-store: the same declared features composed under one root store. Each feature's
///   reducer runs on its slot of the root state (``FeatureSlot``), its boundary's host and view
///   use a store scoped from the root, and the shell is a scope of the root too. A declared
///   feature gets its slot as a feature it presents does (``RootComposer``). Tracked (the
///   default single-store build), a feature's scope is derived again only when its reducer has
///   run, as in an app whose views track what they read: the best a single store can do.
///   Untracked, every scope is derived again after every action of the app, as in a root store
///   without such tracking; `compare` measures both against the multi-store build.
///
/// Either way the features start, take inputs, route outputs to the shell, settle and stop
/// through the same host code (FeatureBridge's `Feature`): there is no second lifecycle to keep
/// in step, and no second list of features.
@ShellActor
final class HostedApp: RunningApp {
  let architecture: Architecture
  let context: AppContext
  let declarations: [any AppFeatureDeclaration]
  let shell: Store<ShellState, ShellAction>
  private let features: [any RunningFeature]
  /// The single-store builds' root store, which holds every feature's slot and the shell.
  private let root: Store<AppState, AppAction>?

  init(
    architecture: Architecture, context: AppContext,
    features declarations: [any AppFeatureDeclaration], initialTab: Int
  ) {
    self.architecture = architecture
    self.context = context
    self.declarations = declarations
    let shellState = ShellState(
      badges: declarations.map(\.initialBadge), activeTab: initialTab)
    switch architecture {
    case .multiStore:
      root = nil
      shell = Store(
        initialState: shellState, reducer: ShellReducer(), name: "Shell",
        withDependencies: context.hostDependencies)
      features = declarations.enumerated().map { index, declaration in
        declaration.start(in: context, at: index)
      }
    case .singleStore, .singleStoreUntracked:
      let tracked = architecture == .singleStore
      let hostDependencies = context.hostDependencies
      let table = SlotTable()
      // Every feature runs on a slot of the root store: the declared ones from the start, and
      // what they present while it is presented.
      let composer = RootComposer(slots: table, tracked: tracked)
      let root = Store(
        initialState: AppState(shell: shellState, slots: table),
        reducer: AppReducer(),
        name: "App",
        withDependencies: { values in
          for declaration in declarations { declaration.prepare(&values, in: context) }
          values.featureComposer = FeatureComposerReference(composer)
          hostDependencies(&values)
        })
      composer.root = root
      self.root = root
      shell =
        tracked
        ? root.scope(
          state: { $0.shell }, action: { .shell($0) }, name: "App/Shell",
          changesWith: { $0.shell })
        : root.scope(state: { $0.shell }, action: { .shell($0) }, name: "App/Shell")
      features = declarations.enumerated().map { index, declaration in
        declaration.start(in: context, at: index, on: root, composer: composer)
      }
    }
    for feature in features { feature.routeOutputs(into: shell) }
  }

  func view(at index: Int) -> any TerminalView { features[index].view }

  func requestSave(at index: Int) -> Bool { features[index].requestSave() }

  func settle() async {
    // An output routed to the shell can make no feature busy again (the shell sends nothing
    // back), so one pass over the features is enough; the executor pass covers their effects'
    // hops in script mode.
    for feature in features { await feature.settle() }
    if let executor = context.effectExecutor as? SerialEffectExecutor { await executor.settle() }
  }

  func stop() async {
    // What the features present first (an open note's editor), as a presenting feature's host
    // stops them in the multi-store build: what they hand over reaches their parents, which
    // then save it. The declared features' slots share the root's presented features.
    await root?.stopPresentedFeatures()
    // In declaration order; each delivers what it was sent and saves before it stops.
    for feature in features { await feature.finish() }
    // What the shell's own reducer started, in the root the features shared.
    root?.cancelRunningEffects()
  }
}
