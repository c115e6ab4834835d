import StoreKernel
import StoreKernelTesting
import Testing

private struct Settings: Reducer {
  struct State: Equatable {
    var theme = "light"
    var fontSize = 12
    var changes: [String] = []
  }

  enum Action: Equatable, Sendable {
    case themeChosen(String)
    case fontSizeChosen(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .themeChosen(let theme): state.theme = theme
    case .fontSizeChosen(let size): state.fontSize = size
    }
    return .none
  }
}

private func settingsWatchingTheTheme() -> Reduce<Settings.State, Settings.Action> {
  Settings().onChange(of: \.theme) { oldTheme, newTheme in
    Reduce { state, action in
      state.changes.append("\(oldTheme) → \(newTheme) on \(action)")
      return .none
    }
  }
}

@MainActor
@Suite struct ReducerOnChangeTests {
  @Test func runsWithTheOldAndNewValuesAfterTheBase() async {
    let store = TestStore(initialState: Settings.State(), reducer: settingsWatchingTheTheme())
    await store.send(.themeChosen("dark")) {
      $0.theme = "dark"
      $0.changes = ["light → dark on themeChosen(\"dark\")"]
    }
  }

  @Test func doesNotRunWhenTheValueIsUnchanged() async {
    let store = TestStore(initialState: Settings.State(), reducer: settingsWatchingTheTheme())
    // The first action leaves the theme as it was: nothing runs.
    await store.send(.themeChosen("light"))
    await store.send(.fontSizeChosen(14)) { $0.fontSize = 14 }
    await store.send(.themeChosen("dark")) {
      $0.theme = "dark"
      $0.changes = ["light → dark on themeChosen(\"dark\")"]
    }
    await store.send(.themeChosen("dark"))
  }

  @Test func theReducersEffectsRunToo() async {
    let reducer = Settings().onChange(of: \.fontSize) { _, newSize in
      Reduce { _, _ in .send(.themeChosen(newSize > 20 ? "large" : "light")) }
    }
    let store = TestStore(initialState: Settings.State(), reducer: reducer)
    await store.send(.fontSizeChosen(24)) { $0.fontSize = 24 }
    await store.receive(.themeChosen("large")) { $0.theme = "large" }
  }

  /// TCA's newer form: the value before, and the state to change; its effect runs.
  @Test func theFormGivenTheOldValueAndTheStateChangesItAndReturnsAnEffect() async {
    let reducer = Settings().onChange(of: \.theme) { oldTheme, state in
      state.changes.append("\(oldTheme) → \(state.theme)")
      return state.theme == "dark" ? .send(.fontSizeChosen(20)) : .none
    }
    let store = TestStore(initialState: Settings.State(), reducer: reducer)
    await store.send(.themeChosen("light"))
    await store.send(.themeChosen("dark")) {
      $0.theme = "dark"
      $0.changes = ["light → dark"]
    }
    await store.receive(.fontSizeChosen(20)) { $0.fontSize = 20 }
  }

  /// The form a one-expression closure takes, as TCA writes it, is not ambiguous with the
  /// reducer-building one.
  @Test func aOneExpressionClosureReturningAnEffectCompilesAndRuns() async {
    let reducer = Settings().onChange(of: \.theme) { _, _ in .send(.fontSizeChosen(9)) }
    let store = TestStore(initialState: Settings.State(), reducer: reducer)
    await store.send(.themeChosen("dark")) { $0.theme = "dark" }
    await store.receive(.fontSizeChosen(9)) { $0.fontSize = 9 }
  }
}
