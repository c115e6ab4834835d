import StoreKernel

// The examples in the doc comments of CasePath, Scope, CombineReducers, Reducer.dependency and
// Store.scope: an app of a counter, a profile and a die, composed in one root store.

/// CasePath's example, in a namespace of its own: an action enum with one case and its path.
enum CasePathExample {
  enum AppAction {
    case counter(CounterAction)
    static let counterPath = ActionPath<AppAction, CounterAction>(
      embed: AppAction.counter,
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
  }
}

struct AppState: Equatable, Sendable {
  var counter = 0
  var profile = Profile.State()
  var dice = 0
  var settings = Settings()
  var settingsVersion = 0
}

struct Settings: Equatable, Sendable {
  var darkMode = false
}

enum AppAction: Sendable {
  case counter(CounterAction)
  case profile(Profile.Action)
  case dice(Dice.Action)
  case settings(Bool)

  static let counterPath = ActionPath<AppAction, CounterAction>(
    embed: AppAction.counter,
    extract: { if case .counter(let action) = $0 { action } else { nil } })
  static let profilePath = ActionPath<AppAction, Profile.Action>(
    embed: AppAction.profile,
    extract: { if case .profile(let action) = $0 { action } else { nil } })
  static let dicePath = ActionPath<AppAction, Dice.Action>(
    embed: AppAction.dice,
    extract: { if case .dice(let action) = $0 { action } else { nil } })
}

/// A profile: a name that can be changed.
struct Profile: Reducer {
  struct State: Equatable, Sendable { var name = "" }
  enum Action: Sendable { case rename(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let name): state.name = name
    }
    return .none
  }
}

/// A die: each roll draws from the `randomNumberGenerator` dependency.
struct Dice: Reducer {
  enum Action: Sendable { case roll }

  @Dependency(\.randomNumberGenerator) var random

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state = random { Int.random(in: 1...6, using: &$0) }
    return .none
  }
}

/// What is left once the children have run: here, the settings.
struct AppLogic: Reducer {
  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    if case .settings(let darkMode) = action {
      state.settings.darkMode = darkMode
      state.settingsVersion += 1
    }
    return .none
  }
}

/// The whole app in one root reducer.
func appReducer() -> some Reducer<AppState, AppAction> {
  let app = CombineReducers {
    Scope(state: \AppState.counter, action: AppAction.counterPath) { Counter() }
    Scope(state: \AppState.profile, action: AppAction.profilePath) { Profile() }
    AppLogic()
  }
  return app
}

/// The counter alone, scoped to its part of the app.
func counterOnly() -> Scope<AppState, AppAction, Counter> {
  Scope(state: \.counter, action: AppAction.counterPath) { Counter() }
}

/// The app with a die whose draws are always the same, for a preview.
func previewReducer() -> some Reducer<AppState, AppAction> {
  CombineReducers {
    Scope(state: \AppState.dice, action: AppAction.dicePath) {
      Dice().dependency(\.randomNumberGenerator, .seeded(7))
    }
    appReducer()
  }
}

/// A rolled die, as a reducer reads the generator.
func rollDie() -> Int {
  @Dependency(\.randomNumberGenerator) var random
  let roll = random { Int.random(in: 1...6, using: &$0) }
  return roll
}

/// Child stores of the app's root store, as a single-store app gives its views.
@MainActor func childStores(
  of appStore: Store<AppState, AppAction>
) -> (Store<Int, CounterAction>, Store<Settings, Bool>) {
  let counter = appStore.scope(state: \.counter, action: AppAction.counter)
  // `settingsVersion` is bumped by the app's reducer whenever the settings change.
  let settings = appStore.scope(
    state: \.settings, action: AppAction.settings, changesWith: \.settingsVersion)
  return (counter, settings)
}
