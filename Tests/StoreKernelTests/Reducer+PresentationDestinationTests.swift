import StoreKernel
import StoreKernelTesting
import Testing

/// Where an app can go: an editor, a ticker (Identifiable), or an alert, one at a time.
private struct Destination: Reducer {
  enum State: Equatable, Sendable {
    case editor(Drafter.State)
    case ticker(Ticker.State)
    case alert(AlertState<Alert>)

    static let editorPath = CasePath<State, Drafter.State>(
      embed: State.editor, extract: { if case .editor(let state) = $0 { state } else { nil } })
    static let tickerPath = CasePath<State, Ticker.State>(
      embed: State.ticker, extract: { if case .ticker(let state) = $0 { state } else { nil } })
  }

  enum Action: Equatable, Sendable {
    case editor(Drafter.Action)
    case ticker(Ticker.Action)
    case alert(Alert)

    static let editorPath = ActionPath<Action, Drafter.Action>(
      embed: Action.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
    static let tickerPath = ActionPath<Action, Ticker.Action>(
      embed: Action.ticker, extract: { if case .ticker(let action) = $0 { action } else { nil } })
  }

  enum Alert: Equatable, Sendable { case confirm }

  var body: some Reducer<State, Action> {
    Scope(state: State.editorPath, action: Action.editorPath) { Drafter() }
    Scope(state: State.tickerPath, action: Action.tickerPath) { Ticker() }
  }
}

private struct App: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State?
    var confirmed = 0
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case showEditor
    case showTicker(id: Int)
    case renameTicker

    static let destinationPath = ActionPath<Action, PresentationAction<Destination.Action>>(
      embed: Action.destination,
      extract: { if case .destination(let action) = $0 { action } else { nil } })
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .showEditor: state.destination = .editor(Drafter.State())
      case .showTicker(let id): state.destination = .ticker(Ticker.State(id: id))
      case .renameTicker:
        state.$destination[case: Destination.State.tickerPath]?.ticks += 100
      case .destination(.presented(.alert(.confirm))): state.confirmed += 1
      case .destination: break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destinationPath) { Destination() }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReducerPresentationDestinationTests {
  let clock = TestClock()

  fileprivate func makeStore() -> TestStore<App.State, App.Action> {
    TestStore(initialState: App.State(), reducer: App()) { $0.clock = clock }
  }

  @Test func anotherCaseIsAnotherChild_theOldOnesEffectsAreCancelled() async {
    let store = makeStore()
    await store.send(.showEditor) { $0.destination = .editor(Drafter.State()) }
    await store.send(.destination(.presented(.editor(.startTyping))))
    await store.send(.showTicker(id: 1)) { $0.destination = .ticker(Ticker.State(id: 1)) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func anotherIDIsAnotherChild_itsLateResponseNeverReachesTheNewOne() async {
    let store = makeStore()
    await store.send(.showTicker(id: 1)) { $0.destination = .ticker(Ticker.State(id: 1)) }
    await store.send(.destination(.presented(.ticker(.fetch(1)))))
    await store.send(.showTicker(id: 2)) { $0.destination = .ticker(Ticker.State(id: 2)) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func theSameChildWithOtherFieldsKeepsItsEffects() async {
    let store = makeStore()
    await store.send(.showTicker(id: 1)) { $0.destination = .ticker(Ticker.State(id: 1)) }
    await store.send(.destination(.presented(.ticker(.fetch(7)))))
    await store.send(.renameTicker) {
      $0.$destination[case: Destination.State.tickerPath]?.ticks = 100
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.ticker(.response(7))))) {
      $0.$destination[case: Destination.State.tickerPath]?.responses = [7]
    }
    await store.finish()
  }

  @Test func anAlertCaseIsDismissedAfterItsButtonsAction() async {
    let alert = AlertState<Destination.Alert> {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirm) { TextState("Yes") }
    }
    let store = TestStore(
      initialState: App.State(destination: .alert(alert)), reducer: App())
    await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.destination = nil
      $0.confirmed = 1
    }
  }

  @Test func changingAnotherCaseThroughTheCaseSubscriptIsReported() async {
    let store = makeStore()
    await store.send(.showEditor) { $0.destination = .editor(Drafter.State()) }
    await withKnownIssue {
      await store.send(.renameTicker)
    } matching: { issue in
      issue.message.contains("was changed through a case it is not in")
    }
  }
}
