import StoreKernel
import StoreKernelTesting
import Testing

/// A list of tickers, each with its own effects.
private struct Tickers: Reducer {
  struct State: Equatable {
    var rows: [Ticker.State]
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: Ticker.Action)
    case remove(id: Int)
    case replaceFirst(withID: Int)
    case stopAllTimers

    static let rowPath = ActionPath<Action, (id: Int, action: Ticker.Action)>(
      embed: { Action.row(id: $0.id, action: $0.action) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .remove(let id): state.rows.removeAll { $0.id == id }
      case .replaceFirst(let id): state.rows[0] = Ticker.State(id: id)
      case .stopAllTimers: return .cancel(id: Ticker.CancelID.timer)
      case .row: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rowPath) { Ticker() }
    .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReducerForEachLifetimeTests {
  let clock = TestClock()

  fileprivate func makeStore(ids: [Int] = [1, 2]) -> TestStore<Tickers.State, Tickers.Action> {
    TestStore(
      initialState: Tickers.State(rows: ids.map { Ticker.State(id: $0) }), reducer: Tickers()
    ) { $0.clock = clock }
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let store = makeStore()
    await store.send(.row(id: 1, action: .fetch(10)))
    await store.send(.row(id: 2, action: .fetch(20)))
    await store.send(.remove(id: 1)) { $0.rows = [Ticker.State(id: 2)] }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(id: 2, action: .response(20))) { $0.rows[0].responses = [20] }
    await store.finish()
  }

  @Test func replacingAnElementWithANewIDCancelsTheOldOnesEffects() async {
    let store = makeStore(ids: [1])
    await store.send(.row(id: 1, action: .fetch(10)))
    await store.send(.replaceFirst(withID: 5)) { $0.rows = [Ticker.State(id: 5)] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aCancelInOneRowReachesOnlyThatRow() async {
    let store = makeStore()
    await store.send(.row(id: 1, action: .start))
    await store.send(.row(id: 2, action: .start))
    await store.send(.row(id: 1, action: .stop))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(id: 2, action: .tick)) { $0.rows[1].ticks = 1 }
    await store.send(.remove(id: 2)) { $0.rows = [Ticker.State(id: 1)] }
    await store.finish()
  }

  @Test func aCancelInTheParentReachesEveryRow() async {
    let store = makeStore()
    await store.send(.row(id: 1, action: .start))
    await store.send(.row(id: 2, action: .start))
    await store.send(.stopAllTimers)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelInFlightInOneRowLeavesTheOtherRowsInFlight() async {
    let store = makeStore()
    await store.send(.row(id: 1, action: .fetch(10)))
    await store.send(.row(id: 2, action: .fetch(20)))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(id: 1, action: .response(10))) { $0.rows[0].responses = [10] }
    await store.receive(.row(id: 2, action: .response(20))) { $0.rows[1].responses = [20] }
    await store.finish()
  }
}
