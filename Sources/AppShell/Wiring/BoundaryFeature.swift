import FeatureBridge
import StoreKernel
import TerminalUI

/// A feature of the app, running behind its boundary (with a store of its own, or on a slot of
/// the single-store build's root store), its outputs routed to the shell as the events its
/// declaration gives them.
@ShellActor
protocol RunningFeature: AnyObject {
  var declaration: any AppFeatureDeclaration { get }
  /// The feature's terminal view (built when the feature starts, so it observes from then on).
  var view: any TerminalView { get }
  var metrics: BoundaryMetrics { get }
  /// Asks the feature to save now, if it saves; returns whether it does.
  func requestSave() -> Bool
  /// Routes the feature's outputs to `shell`, as events of the feature at `index`.
  func routeOutputs(into shell: Store<ShellState, ShellAction>)
  /// Waits until the feature has handled its inputs and the shell has heard every output the
  /// feature has emitted.
  func settle() async
  /// Delivers what was sent, runs the feature's stop action (saving), and stops it.
  func finish() async
}

/// The one implementation of ``RunningFeature``, for a feature declared as an ``AppFeature``:
/// its running handle, in a store of its own or composed into the root store.
@ShellActor
final class BoundaryFeature<State, ViewAction: Sendable, Input: Sendable, Output: Sendable>:
  RunningFeature
{
  private let feature: FeatureHandle<Input, Output>
  private let appFeature: AppFeature<State, ViewAction, Input, Output>
  private let index: Int
  let view: any TerminalView

  init(
    declaration: AppFeature<State, ViewAction, Input, Output>, index: Int,
    feature: FeatureHandle<Input, Output>
  ) {
    self.appFeature = declaration
    self.index = index
    self.feature = feature
    view = declaration.view(feature.viewStore(state: State.self, viewAction: ViewAction.self))
  }

  var declaration: any AppFeatureDeclaration { appFeature }

  var metrics: BoundaryMetrics { feature.metrics }

  func requestSave() -> Bool {
    guard let input = appFeature.saveInput else { return false }
    return feature.input.send(input)
  }

  func routeOutputs(into shell: Store<ShellState, ShellAction>) {
    let events = appFeature.shellEvents
    let index = index
    // The direct path: the shell hears each output the moment the feature emits it, on this
    // actor, with no stream or task in between. (The multi-store build's only: composed into
    // the root store, a feature's outputs are the root's actions, which its reducer reads.)
    feature.onOutput { output in
      for event in events(output) { shell.send(.feature(index, event)) }
    }
  }

  func settle() async {
    await feature.settle()
  }

  func finish() async {
    await feature.finish()
  }
}
