import FeatureBridge
import StoreKernel
import TerminalUI

/// One feature of the app, declared once: its title, its launcher (as its module publishes it),
/// its terminal view, and what its outputs mean to the shell. The tab bar, the key routing, the
/// help, the script commands, and both the multi-store and the single-store wiring derive from
/// the list of these (``AppFeatures``); adding a feature is one more entry there.
///
/// The launcher serves both architectures through public API: the multi-store build starts the
/// feature in a store of its own (`launcher.start`); the single-store build presents it in the
/// root store's reducer (`ifLet`) with `featureHosting = .composed`, so its state lives in the
/// root state and its actions go through the root store. Either way the shell reaches it
/// through the same running handle (`FeatureHandle`): its view, inputs, settle and stop.
///
/// Not `Sendable`: it lives on the app's actor, with the stores it makes.
struct AppFeature<State, ViewAction: Sendable, Input: Sendable, Output: Sendable>:
  AppFeatureDeclaration
{
  let title: String
  /// Whether the feature has a tab (compare's extra features do not).
  var hasTab: Bool
  /// The tab's badge until the feature reports one.
  var initialBadge: String
  /// How to make the feature from the app's context.
  let launcher: FeatureLauncher<AppContext, Input, Output>
  /// Its terminal view, over the feature's view store.
  let view: (ViewStore<State, ViewAction>) -> any TerminalView
  /// What each output means to the shell.
  let shellEvents: @Sendable (Output) -> [ShellEvent]
  /// The input that asks the feature to save now (Ctrl-S, the script's `save`), if it saves.
  var saveInput: Input?
  /// Makes the feature's part of the root reducer; formed in `init`, where the feature's types
  /// are known, so that the presentation runs specialized for them (reached through
  /// ``AppFeatureDeclaration``, a method of this generic type would run unspecialized).
  private let makeReducer: (Int) -> Reduce<AppState, AppAction>

  init(
    title: String, hasTab: Bool = true, initialBadge: String = "",
    launcher: FeatureLauncher<AppContext, Input, Output>,
    view: @escaping (ViewStore<State, ViewAction>) -> any TerminalView,
    shellEvents: @escaping @Sendable (Output) -> [ShellEvent],
    saveInput: Input? = nil
  ) {
    self.title = title
    self.hasTab = hasTab
    self.initialBadge = initialBadge
    self.launcher = launcher
    self.view = view
    self.shellEvents = shellEvents
    self.saveInput = saveInput
    makeReducer = { index in
      Self.reducer(at: index, launcher: launcher, shellEvents: shellEvents)
    }
  }

  @ShellActor
  func start(in context: AppContext, at index: Int) -> any RunningFeature {
    let feature = launcher.start(context, withDependencies: context.hostDependencies)
    return BoundaryFeature(declaration: self, index: index, feature: feature)
  }

  /// The feature's part of the root reducer: its presentation at `features[index]`, and each of
  /// its outputs read as the shell's events.
  func reducer(at index: Int) -> Reduce<AppState, AppAction> {
    makeReducer(index)
  }

  private static func reducer(
    at index: Int, launcher: FeatureLauncher<AppContext, Input, Output>,
    shellEvents: @escaping @Sendable (Output) -> [ShellEvent]
  ) -> Reduce<AppState, AppAction> {
    let path = ActionPath<AppAction, PresentationAction<FeatureAction<Input, Output>>>(
      embed: { .feature(index: index, action: $0) },
      extract: { action in
        guard case .feature(index, let action) = action else { return nil }
        return action as? PresentationAction<FeatureAction<Input, Output>>
      })
    let events = shellEvents
    return Reduce<AppState, AppAction> { state, action in
      guard case .presented(.output(let output))? = path.extract(action) else { return .none }
      var effects: Effect<AppAction> = .none
      for event in events(output) {
        effects = effects.merge(
          with: ShellReducer().reduce(into: &state.shell, action: .feature(index, event))
            .map(AppAction.shell))
      }
      return effects
    }
    .ifLet(\AppState.features[index], action: path, feature: launcher)
  }

  @ShellActor
  func composed(at index: Int, in root: Store<AppState, AppAction>) -> any RunningFeature {
    let presented: FeatureHandle<Input, Output>? = root.presentedFeature(\AppState.features[index])
    guard let feature = presented else {
      preconditionFailure("\(title) was not presented by the app's first action")
    }
    return BoundaryFeature(declaration: self, index: index, feature: feature)
  }
}

/// A feature declaration with its types erased, so one list can hold them all.
protocol AppFeatureDeclaration {
  var title: String { get }
  var hasTab: Bool { get }
  var initialBadge: String { get }
  /// Starts the feature in a store of its own (the multi-store build).
  @ShellActor func start(in context: AppContext, at index: Int) -> any RunningFeature
  /// The feature's part of the single-store build's root reducer, as the declaration at
  /// `index`.
  func reducer(at index: Int) -> Reduce<AppState, AppAction>
  /// The feature composed into `root` (the single-store build), once the root presented it.
  @ShellActor func composed(
    at index: Int, in root: Store<AppState, AppAction>
  )
    -> any RunningFeature
}
