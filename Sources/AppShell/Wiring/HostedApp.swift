import FeatureBridge
import StoreKernel
import TerminalUI

/// The app's features running behind their boundaries, and the shell hearing their outputs: one
/// lifecycle for every architecture. Only where each feature's reducer runs differs.
///
/// - Multi-store: each feature has a store of its own (its module's launcher, `start`); the
///   shell has its own, and hears the features' outputs through their handles.
/// - Single-store: one root store, whose reducer presents every declared feature with
///   `featureHosting = .composed`, through the same public API any host has: each feature's
///   state lives in the root state (``AppState``), what it presents inside its own, and every
///   action is the root store's. The shell is a scope of the root, and hears the features'
///   outputs as the root's actions. A view's store is scoped from the root, and is derived
///   again only when its feature's reducer ran.
///
/// Either way the shell reaches each feature through its running handle (FeatureBridge's
/// `FeatureHandle`): its view, its inputs, settling and stopping it. There is no second lifecycle to
/// keep in step, and no second list of features.
@ShellActor
final class HostedApp: RunningApp {
  let architecture: Architecture
  let context: AppContext
  let declarations: [any AppFeatureDeclaration]
  let shell: Store<ShellState, ShellAction>
  private let features: [any RunningFeature]
  /// The single-store build's root store, which holds every feature and the shell.
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
      // Composed, a feature's outputs are the root's actions, which its reducer reads: a
      // presented feature's handle takes no handler.
      for feature in features { feature.routeOutputs(into: shell) }
    case .singleStore:
      let hostDependencies = context.hostDependencies
      let root = Store(
        initialState: AppState(
          shell: shellState,
          features: Array(
            repeating: PresentationState(wrappedValue: nil), count: declarations.count)),
        reducer: AppReducer(
          features: declarations.enumerated().map { index, declaration in
            declaration.reducer(at: index)
          }),
        name: "App",
        withDependencies: { values in
          values.featureHosting = .composed
          hostDependencies(&values)
        })
      self.root = root
      root.send(.start(context))
      shell = root.scope(
        state: { $0.shell }, action: { .shell($0) }, name: "App/Shell",
        changesWith: { $0.shell })
      features = declarations.enumerated().map { index, declaration in
        declaration.composed(at: index, in: root)
      }
    }
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
    // In the single store every feature is presented by the root: they stop deepest first (an
    // open note's editor before the notes), then in declaration order, each delivering what
    // it was sent and running its stop action (saving); what one hands over while stopping
    // reaches its parent first.
    await root?.stopPresentedFeatures()
    // In declaration order; each delivers what it was sent and saves before it stops (already
    // stopped ones return at once).
    for feature in features { await feature.finish() }
    // What the shell's own reducer started, in the root the features shared.
    root?.cancelRunningEffects()
  }
}
