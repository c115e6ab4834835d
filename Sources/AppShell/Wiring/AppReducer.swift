import CounterFeature
import FeatureBridge
import NotesFeature
import ProfileFeature
import StoreKernel

/// The whole app's state for the single-store build.
struct AppState: Equatable, Sendable {
  var counter: CounterState
  var profile: ProfileState
  var notes = NotesState()
  var shell = ShellState()
  /// The extra features' state (compare's stand-ins for a large app's other screens).
  var extras: [CounterState]

  init(favorites: Set<Int>, extraFeatures: Int = 0) {
    counter = CounterState(count: 0, favorites: favorites)
    profile = ProfileState(favorites: favorites)
    extras = Array(repeating: CounterState(count: 0, favorites: favorites), count: extraFeatures)
  }
}

/// The whole app's actions for the single-store build.
enum AppAction: Sendable, Equatable {
  case counter(CounterAction)
  case profile(ProfileAction)
  case notes(NotesAction)
  case shell(ShellAction)
  case extra(Int, CounterAction)

  static let counterPath = ActionPath<AppAction, CounterAction>(
    embed: AppAction.counter, extract: { if case .counter(let action) = $0 { action } else { nil } }
  )
  static let profilePath = ActionPath<AppAction, ProfileAction>(
    embed: AppAction.profile, extract: { if case .profile(let action) = $0 { action } else { nil } }
  )
  static let notesPath = ActionPath<AppAction, NotesAction>(
    embed: AppAction.notes, extract: { if case .notes(let action) = $0 { action } else { nil } })
  static let shellPath = ActionPath<AppAction, ShellAction>(
    embed: AppAction.shell, extract: { if case .shell(let action) = $0 { action } else { nil } })

  /// What each feature's boundary would send when it starts and stops.
  static func didStart(extraFeatures: Int) -> [AppAction] {
    let features = [
      CounterAction.didStart.map(AppAction.counter), ProfileAction.didStart.map(AppAction.profile),
      NotesAction.didStart.map(AppAction.notes),
    ]
    let extras = (0..<extraFeatures).map { index in
      CounterAction.didStart.map { AppAction.extra(index, $0) }
    }
    return (features + extras).compactMap { $0 }
  }

  static var willStop: [AppAction] {
    [NotesAction.willStop.map(AppAction.notes)].compactMap { $0 }
  }
}

/// Seed 004's composition: each feature's reducer pulled back along its state and actions,
/// plus the shell reacting to the features' delegate actions.
struct AppReducer: Reducer {
  /// Built once: the store calls `reduce` per action, and rebuilding the tree there would add
  /// work to every keystroke of the baseline we compare against.
  private let body: some Reducer<AppState, AppAction> =
    CombineReducers {
      Scope(state: \AppState.counter, action: AppAction.counterPath) { CounterReducer() }
      Scope(state: \AppState.profile, action: AppAction.profilePath) { ProfileReducer() }
      Scope(state: \AppState.notes, action: AppAction.notesPath) { NotesReducer() }
      Scope(state: \AppState.shell, action: AppAction.shellPath) { ShellReducer() }
      Reduce<AppState, AppAction> { state, action in
        // Delegate actions become shell actions, exactly as outputs do in the multi-store build.
        switch action {
        case .extra(let index, let action):
          return CounterReducer().reduce(into: &state.extras[index], action: action)
            .map { .extra(index, $0) }
        case .counter(.delegate(let output)): return .send(.shell(.counter(output)))
        case .profile(.delegate(let output)): return .send(.shell(.profile(output)))
        case .notes(.delegate(let output)): return .send(.shell(.notes(output)))
        default: return .none
        }
      }
    }

  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    body.reduce(into: &state, action: action)
  }
}
