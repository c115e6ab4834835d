import StoreKernel
import StoreKernelTesting
import Testing

/// A list of tickers in an identified array, each with its own effects.
private struct Tickers: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Ticker.State>
    var lastRowAction: String?
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Ticker>)
    case remove(id: Int)
    case removeAll

    static let rowsPath = ActionPath<Action, IdentifiedActionOf<Ticker>>(
      embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .rows(.element(let id, let rowAction)):
        // Runs after the row: it sees the row's new state.
        state.lastRowAction = "\(id): \(rowAction), ticks \(state.rows[id: id]?.ticks ?? -1)"
      case .remove(let id): state.rows.remove(id: id)
      case .removeAll: state.rows.removeAll()
      }
      return .none
    }
    .forEach(\.rows, action: Action.rowsPath) { Ticker() }
    .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReducerIdentifiedForEachTests {
  let clock = TestClock()

  fileprivate func makeStore() -> TestStore<Tickers.State, Tickers.Action> {
    TestStore(
      initialState: Tickers.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)]),
      reducer: Tickers()
    ) { $0.clock = clock }
  }

  @Test func theElementRunsFirstThenTheParent() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 2, action: .tick))) {
      $0.rows[id: 2]?.ticks = 1
      $0.lastRowAction = "2: tick, ticks 1"
    }
  }

  @Test func removingAnElementCancelsItsEffectsAndOnlyItsEffects() async {
    let store = makeStore()
    await store.send(.rows(.element(id: 1, action: .fetch(10)))) {
      $0.lastRowAction = "1: fetch(10), ticks 0"
    }
    await store.send(.rows(.element(id: 2, action: .fetch(20)))) {
      $0.lastRowAction = "2: fetch(20), ticks 0"
    }
    await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .response(20)))) {
      $0.rows[id: 2]?.responses = [20]
      $0.lastRowAction = "2: response(20), ticks 0"
    }
    await store.send(.removeAll) { $0.rows = [] }
    await store.finish()
  }

  @Test func anActionForAnElementNotInTheArrayIsReportedAndDropped() async {
    let store = makeStore()
    await store.send(.remove(id: 2)) { $0.rows.remove(id: 2) }
    await withKnownIssue {
      await store.send(.rows(.element(id: 2, action: .tick))) {
        $0.lastRowAction = "2: tick, ticks -1"
      }
    } matching: { issue in
      issue.message.contains("received an action for an element that is not in the collection")
        && issue.message.contains("id 2")
    }
    #expect(store.state.rows.ids == [1])
    #expect(store.state.rows[id: 1]?.ticks == 0)
  }

  @Test func theTupleFormReachesTheElementByID() {
    let path = ActionPath<Tickers.Action, (id: Int, action: Ticker.Action)>(
      embed: { Tickers.Action.rows(.element(id: $0.id, action: $0.action)) },
      extract: { if case .rows(.element(let id, let action)) = $0 { (id, action) } else { nil } })
    let reducer = Reduce<Tickers.State, Tickers.Action> { _, _ in .none }
      .forEach(\.rows, action: path) { Ticker() }
    var state = Tickers.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)])
    _ = reducer.reduce(into: &state, action: .rows(.element(id: 2, action: .tick)))
    #expect(state.rows[id: 2]?.ticks == 1)
    #expect(state.rows[id: 1]?.ticks == 0)
  }

  @Test func anElementPathMatchesOnlyItsID() {
    let path = IdentifiedActionOf<Ticker>.elementPath(id: 2)
    #expect(path.extract(.element(id: 2, action: .tick)) == .tick)
    #expect(path.extract(.element(id: 1, action: .tick)) == nil)
    #expect(path.embed(.stop) == .element(id: 2, action: .stop))
  }
}
