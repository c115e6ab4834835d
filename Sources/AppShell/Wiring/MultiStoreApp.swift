import FeatureBridge
import StoreKernel
import TerminalUI

/// The default build: every declared feature behind its own boundary, with its own store,
/// wired by dependency injection. The shell's store hears only their outputs.
@ShellActor
final class MultiStoreApp: RunningApp {
  let architecture = Architecture.multiStore
  let context: AppContext
  let declarations: [any AppFeatureDeclaration]
  let shell: Store<ShellState, ShellAction>
  private let features: [any RunningFeature]

  init(context: AppContext, features declarations: [any AppFeatureDeclaration], initialTab: Int) {
    self.context = context
    self.declarations = declarations
    shell = Store(
      initialState: ShellState(badges: declarations.map(\.initialBadge), activeTab: initialTab),
      reducer: ShellReducer(), name: "Shell", withDependencies: context.hostDependencies)
    features = declarations.enumerated().map { index, declaration in
      declaration.start(in: context, at: index)
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
    // In declaration order; each delivers what it was sent and saves before it stops.
    for feature in features { await feature.finish() }
  }
}
