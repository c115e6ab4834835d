import StoreKernel
import Testing

private struct Counter: Reducer {
  enum Action: Equatable, Sendable {
    case increment
    case incrementLater
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state += 1
      return .none
    case .incrementLater:
      return .run { send in await send(.increment) }
    }
  }
}

private struct AppState: Equatable {
  var counter = 0
  var title = "untouched"
}

private enum AppAction: Equatable, Sendable {
  case counter(Counter.Action)
  case rename(String)

  static let counterPath = ActionPath<AppAction, Counter.Action>(
    embed: AppAction.counter,
    extract: { if case .counter(let action) = $0 { action } else { nil } })
}

@Suite struct ScopeTests {
  private let scope = Scope(state: \AppState.counter, action: AppAction.counterPath) {
    Counter()
  }

  @Test func childActionsRunTheChildOnItsPartOfTheState() {
    var state = AppState()
    let effect = scope.reduce(into: &state, action: .counter(.increment))
    #expect(state == AppState(counter: 1))
    #expect(effect.isNone)
  }

  @Test func otherActionsPassThroughUntouched() {
    var state = AppState()
    let effect = scope.reduce(into: &state, action: .rename("new"))
    #expect(state == AppState())
    #expect(effect.isNone)
  }

  @MainActor
  @Test func childEffectsComeBackAsParentActions() async {
    let store = Store(initialState: AppState(), reducer: scope)
    await store.send(.counter(.incrementLater)).finish()
    #expect(store.counter == 1)
    #expect(store.events.actionsReceived == 2)
  }
}
