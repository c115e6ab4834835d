import CounterFeature
import FeatureBridge
import NotesFeature
import ProfileFeature
import StoreKernel

/// The single-store build: the same three feature reducers composed under one root store
/// (seed 004's pullback and scope). Each view gets a child store scoped from the root, and the
/// shell reacts to the features' delegate actions inside the root reducer.
@ShellActor
final class SingleStoreApp: RunningApp {
  let architecture = Architecture.singleStore
  let root: Store<AppState, AppAction>
  let shell: Store<ShellState, ShellAction>
  /// The scoped child stores; view stores hold them weakly, so the app owns them.
  private let children: [AnyObject]
  private let counterView: CounterView
  private let profileView: ProfileView
  private let notesView: NotesView

  init(environment: AppEnvironment) {
    let favorites = SharedValue<Set<Int>>([])
    root = Store(
      initialState: AppState(favorites: favorites.value, extraFeatures: environment.extraFeatures),
      reducer: AppReducer(),
      name: "App",
      withDependencies: {
        $0.counterFavorites = favorites
        $0.profileFavorites = favorites
        $0.notesStorage = environment.storage
        $0.notesAutosaveDelay = environment.autosaveDelay
        $0.clock = environment.clock
      })
    shell = root.scope(state: { $0.shell }, action: { .shell($0) }, name: "App/Shell")
    let counter = root.scope(state: { $0.counter }, action: { .counter($0) }, name: "App/Counter")
    let profile = root.scope(state: { $0.profile }, action: { .profile($0) }, name: "App/Profile")
    let notes = root.scope(state: { $0.notes }, action: { .notes($0) }, name: "App/Notes")
    var children: [AnyObject] = [counter, profile, notes]
    for index in 0..<environment.extraFeatures {
      let extra = root.scope(
        state: { $0.extras[index] }, action: { .extra(index, $0) }, name: "App/Extra\(index)")
      children.append(extra)
      children.append(CounterView(store: ViewStore(extra)))
    }
    self.children = children
    counterView = CounterView(store: ViewStore(counter))
    profileView = ProfileView(store: ViewStore(profile))
    notesView = NotesView(store: ViewStore(notes))
    for action in AppAction.didStart(extraFeatures: environment.extraFeatures) {
      root.send(action)
    }
  }

  func view(for tab: Tab) -> any FeatureView {
    switch tab {
    case .counter: counterView
    case .profile: profileView
    case .notes: notesView
    }
  }

  func saveNotes() {
    root.send(.notes(.input(.save)))
  }

  func stop() async {
    for action in AppAction.willStop { await root.send(action).finish() }
    root.cancelRunningEffects()
  }
}
