import StoreKernel
import StoreKernelTesting
import Testing

/// A screen that shows one ticker at a time, possibly with a nested one.
private struct Screen: Reducer {
  struct State: Equatable {
    var ticker: Ticker.State?
    var nested: Nested.State?
  }

  enum Action: Equatable, Sendable {
    case open(id: Int)
    case close
    case ticker(Ticker.Action)
    case nested(Nested.Action)
    case openNested
    case closeNested
    case stopAllTimers

    static let tickerPath = ActionPath<Action, Ticker.Action>(
      embed: Action.ticker, extract: { if case .ticker(let action) = $0 { action } else { nil } })
    static let nestedPath = ActionPath<Action, Nested.Action>(
      embed: Action.nested, extract: { if case .nested(let action) = $0 { action } else { nil } })
  }

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .open(let id): state.ticker = Ticker.State(id: id)
      case .close: state.ticker = nil
      case .openNested: state.nested = Nested.State(inner: Ticker.State(id: 100))
      case .closeNested: state.nested = nil
      case .stopAllTimers: return .cancel(id: Ticker.CancelID.timer)
      case .ticker, .nested: break
      }
      return .none
    }
    .ifLet(\.ticker, action: Action.tickerPath) { Ticker() }
    .ifLet(\.nested, action: Action.nestedPath) { Nested() }
  }
}

/// A child that holds a grandchild ticker.
private struct Nested: Reducer {
  struct State: Equatable {
    var inner: Ticker.State?
  }

  enum Action: Equatable, Sendable {
    case inner(Ticker.Action)
    case stopInnerTimers

    static let innerPath = ActionPath<Action, Ticker.Action>(
      embed: Action.inner, extract: { if case .inner(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { _, action in
      action == .stopInnerTimers ? .cancel(id: Ticker.CancelID.timer) : .none
    }
    .ifLet(\.inner, action: Action.innerPath) { Ticker() }
    .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReducerIfLetLifetimeTests {
  let clock = TestClock()

  fileprivate func makeStore() -> TestStore<Screen.State, Screen.Action> {
    TestStore(initialState: Screen.State(), reducer: Screen()) { $0.clock = clock }
  }

  @Test func settingTheChildToNilCancelsItsEffects() async {
    let store = makeStore()
    await store.send(.open(id: 1)) { $0.ticker = Ticker.State(id: 1) }
    await store.send(.ticker(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }

    await store.send(.close) { $0.ticker = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func replacingTheChildWithAnotherIDCancelsTheOldChildsEffects() async {
    let store = makeStore()
    await store.send(.open(id: 1)) { $0.ticker = Ticker.State(id: 1) }
    await store.send(.ticker(.fetch(1)))
    // A new child in the same place: the old one's response must never reach it.
    await store.send(.open(id: 2)) { $0.ticker = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(1))
    await store.send(.ticker(.fetch(2)))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.response(2))) { $0.ticker?.responses = [2] }
    await store.finish()
  }

  @Test func theSameChildKeepsItsEffectsAcrossChangesToItsState() async {
    let store = makeStore()
    await store.send(.open(id: 1)) { $0.ticker = Ticker.State(id: 1) }
    await store.send(.ticker(.fetch(7)))
    await store.send(.ticker(.tick)) { $0.ticker?.ticks = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.response(7))) { $0.ticker?.responses = [7] }
    await store.finish()
  }

  @Test func grandchildEffectsGoWithTheChild() async {
    let store = makeStore()
    await store.send(.openNested) { $0.nested = Nested.State(inner: Ticker.State(id: 100)) }
    await store.send(.nested(.inner(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.nested(.inner(.tick))) { $0.nested?.inner?.ticks = 1 }

    await store.send(.closeNested) { $0.nested = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aChildsCancellationIDsAreItsOwn() async {
    let store = makeStore()
    await store.send(.open(id: 1)) { $0.ticker = Ticker.State(id: 1) }
    await store.send(.openNested) { $0.nested = Nested.State(inner: Ticker.State(id: 100)) }
    await store.send(.ticker(.start))
    await store.send(.nested(.inner(.start)))
    // The nested ticker's `.cancel(id: .timer)` stops only its own timer.
    await store.send(.nested(.inner(.stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }
    await store.send(.close) { $0.ticker = nil }
    await store.finish()
  }

  @Test func aCancelInTheParentReachesItsChildAndGrandchild() async {
    let store = makeStore()
    await store.send(.open(id: 1)) { $0.ticker = Ticker.State(id: 1) }
    await store.send(.openNested) { $0.nested = Nested.State(inner: Ticker.State(id: 100)) }
    await store.send(.ticker(.start))
    await store.send(.nested(.inner(.start)))
    await store.send(.stopAllTimers)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aCancelInAChildReachesItsDescendantsButNotItsSiblings() async {
    let store = makeStore()
    await store.send(.open(id: 1)) { $0.ticker = Ticker.State(id: 1) }
    await store.send(.openNested) { $0.nested = Nested.State(inner: Ticker.State(id: 100)) }
    await store.send(.ticker(.start))
    await store.send(.nested(.inner(.start)))
    // The nested child's cancel reaches its own child's timer, not the sibling ticker's.
    await store.send(.nested(.stopInnerTimers))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }
    await store.send(.close) { $0.ticker = nil }
    await store.finish()
  }

  @Test func aChildActionWhileTheChildIsNilIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.ticker(.tick))
    } matching: { issue in
      issue.message.contains("An ifLet at ")
        && issue.message.contains("received a child action when its child state was nil: tick")
    }
  }
}
