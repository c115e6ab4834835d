import FeatureBridge
import StoreKernel
import TerminalUI

/// The single-store build: the same declared features composed under one root store. Each
/// feature's reducer runs on its slot of the root state, each view gets a child store scoped
/// from the root, and the shell hears the features' delegate actions inside the root reducer.
///
/// Everything per feature (its reducer, its start and stop actions, its dependencies, its
/// scoped view) comes from its declaration's ``FeatureSlot``: there is no second list of
/// features to keep in step with the first.
///
/// Tracked (the default single-store build), a feature's scope is derived again only when its
/// reducer has run, as in an app whose views track what they read: the best a single store
/// can do. Untracked, every scope is derived again after every action of the app, as in a
/// root store without such tracking; `compare` measures both against the multi-store build.
@ShellActor
final class SingleStoreApp: RunningApp {
  let architecture: Architecture
  let context: AppContext
  let declarations: [any AppFeatureDeclaration]
  let root: Store<AppState, AppAction>
  let shell: Store<ShellState, ShellAction>
  private let slots: [any FeatureSlot]
  /// The scoped child stores, owned by the app for its whole life. (Each view's view store holds
  /// its store strongly too, for as long as the view store lives: ADR 0011, point 9.)
  private let scopedStores: [AnyObject]
  private let views: [any TerminalView]

  init(
    context: AppContext, features declarations: [any AppFeatureDeclaration], initialTab: Int,
    tracked: Bool
  ) {
    self.architecture = tracked ? .singleStore : .singleStoreUntracked
    self.context = context
    self.declarations = declarations
    let hostDependencies = context.hostDependencies
    let slots = declarations.enumerated().map { index, declaration in
      declaration.slot(in: context, at: index)
    }
    self.slots = slots
    let root = Store(
      initialState: AppState(
        shell: ShellState(badges: declarations.map(\.initialBadge), activeTab: initialTab),
        slots: slots),
      reducer: AppReducer(),
      name: "App",
      withDependencies: { values in
        for slot in slots { slot.prepare(&values) }
        hostDependencies(&values)
      })
    self.root = root
    shell =
      tracked
      ? root.scope(
        state: { $0.shell }, action: { .shell($0) }, name: "App/Shell",
        changesWith: { $0.shell })
      : root.scope(state: { $0.shell }, action: { .shell($0) }, name: "App/Shell")
    let made = slots.map { $0.makeView(root: root, tracked: tracked) }
    scopedStores = made.map(\.store)
    views = made.map(\.view)
    for slot in slots {
      guard let action = slot.didStart else { continue }
      let work = root.send(action)
      // As a boundary does: start work that ends by itself (the notes' load) is waited for.
      if slot.startWorkEnds, !work.isEmpty { startWork.append(work) }
    }
  }

  /// The start work of the features whose start work ends by itself, not yet awaited.
  private var startWork: [StoreTask] = []

  private func finishStartWork() async {
    let work = startWork
    startWork = []
    for task in work { await task.finish() }
  }

  func view(at index: Int) -> any TerminalView { views[index] }

  func requestSave(at index: Int) -> Bool {
    guard let action = slots[index].save else { return false }
    root.send(action)
    return true
  }

  /// Waits for the features' start work that ends by itself (as their boundaries would), then
  /// settles through the effect executor: script mode and `compare` give the app a serial one;
  /// without one (the interactive app) there is nothing more to wait for here.
  func settle() async {
    await finishStartWork()
    if let executor = context.effectExecutor as? SerialEffectExecutor { await executor.settle() }
  }

  func stop() async {
    for case let action? in slots.map(\.willStop) { await root.send(action).finish() }
    // A stop during a load flushes once the load is done (as a boundary's stop does).
    await finishStartWork()
    root.cancelRunningEffects()
  }
}
