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
  /// The scoped child stores and views; view stores hold their stores weakly, so the app owns
  /// them.
  private let children: [AnyObject]
  /// Reads the events of each scoped child store.
  private let childEvents: [() -> StoreEvents]
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
    var childEvents: [() -> StoreEvents] = [
      { counter.events }, { profile.events }, { notes.events }, { [shell] in shell.events },
    ]
    for index in 0..<environment.extraFeatures {
      let extra = root.scope(
        state: { $0.extras[index] }, action: { .extra(index, $0) }, name: "App/Extra\(index)")
      children.append(extra)
      childEvents.append { extra.events }
      children.append(CounterView(store: ViewStore(extra)))
    }
    self.children = children
    self.childEvents = childEvents
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

  var events: StoreEvents {
    childEvents.reduce(root.events) { $0.adding($1()) }
  }

  func saveNotes() {
    root.send(.notes(.input(.save)))
  }

  func stop() async {
    for action in AppAction.willStop { await root.send(action).finish() }
    root.cancelRunningEffects()
  }
}
