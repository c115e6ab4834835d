import StoreKernel
import StoreKernelTesting
import Testing

/// An app whose screen is one of two cases: a ticker, or nothing.
private struct App: Reducer {
  enum Screen: Equatable {
    case home
    case ticker(Ticker.State)

    static let tickerPath = CasePath<Screen, Ticker.State>(
      embed: Screen.ticker, extract: { if case .ticker(let state) = $0 { state } else { nil } })
  }

  struct State: Equatable {
    var screen: Screen = .home
  }

  enum Action: Equatable, Sendable {
    case showTicker(id: Int)
    case goHome
    case ticker(Ticker.Action)

    static let tickerPath = ActionPath<Action, Ticker.Action>(
      embed: Action.ticker, extract: { if case .ticker(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .showTicker(let id): state.screen = .ticker(Ticker.State(id: id))
      case .goHome: state.screen = .home
      case .ticker: break
      }
      return .none
    }
    .ifCaseLet(\.screen, state: Screen.tickerPath, action: Action.tickerPath) { Ticker() }
    .reduce(into: &state, action: action)
  }
}

/// The same child run through `Scope` over an enum case, without lifetime management.
private struct ScopedApp: Reducer {
  typealias State = App.Screen
  typealias Action = App.Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Scope(state: App.Screen.tickerPath, action: App.Action.tickerPath) { Ticker() }
      .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReducerIfCaseLetTests {
  let clock = TestClock()

  @Test func theChildRunsInItsCaseAndItsEffectsEndWhenTheStateLeavesIt() async {
    let store = TestStore(initialState: App.State(), reducer: App()) { $0.clock = clock }
    await store.send(.showTicker(id: 1)) { $0.screen = .ticker(Ticker.State(id: 1)) }
    await store.send(.ticker(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.screen = .ticker(Ticker.State(id: 1, ticks: 1)) }

    await store.send(.goHome) { $0.screen = .home }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aNewChildInTheSameCaseDoesNotReceiveTheOldOnesResponse() async {
    let store = TestStore(initialState: App.State(), reducer: App()) { $0.clock = clock }
    await store.send(.showTicker(id: 1)) { $0.screen = .ticker(Ticker.State(id: 1)) }
    await store.send(.ticker(.fetch(1)))
    await store.send(.showTicker(id: 2)) { $0.screen = .ticker(Ticker.State(id: 2)) }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aChildActionInAnotherCaseIsReported() async {
    let store = TestStore(initialState: App.State(), reducer: App()) { $0.clock = clock }
    await withKnownIssue {
      await store.send(.ticker(.tick))
    } matching: { issue in
      issue.message.contains("An ifCaseLet at ")
        && issue.message.contains("when its state was in another case: tick")
    }
  }

  @Test func scopeOverACaseRunsTheChildOnlyInThatCase() {
    TestIssues.install()
    var state = App.Screen.ticker(Ticker.State(id: 1))
    _ = ScopedApp().reduce(into: &state, action: .ticker(.tick))
    #expect(state == .ticker(Ticker.State(id: 1, ticks: 1)))

    var home = App.Screen.home
    withKnownIssue {
      let effect = ScopedApp().reduce(into: &home, action: .ticker(.tick))
      #expect(effect.isNone)
    } matching: {
      $0.message.contains("A Scope at ")
    }
    #expect(home == .home)
  }
}
