import StoreKernel
import StoreKernelTesting
import Testing

// The examples in the doc comments of TestStore, its receive and exhaustivity methods, and
// TestClock; each runs as a test.

struct Counter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case incrementTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@MainActor @Test func incrementing() async {
  let store = TestStore(initialState: Counter.State(), reducer: Counter())
  await store.send(.incrementTapped) { $0.count = 1 }
}

/// Searches once typing pauses for 300 ms.
struct Search: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchResponse([String])
    static let responsePath = ActionPath<Action, [String]>(
      embed: Action.searchResponse,
      extract: { if case .searchResponse(let results) = $0 { results } else { nil } })
  }

  @Dependency(\.clock) var clock
  private enum CancelID { case search }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in await send(.searchResponse([query])) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .searchResponse(let results):
      state.results = results
      return .none
    }
  }
}

@MainActor @Test func searchingWaitsForTypingToPause() async {
  let clock = TestClock()
  let store = TestStore(initialState: .init(), reducer: Search()) { $0.clock = clock }
  await store.send(.queryChanged("a")) { $0.query = "a" }
  await clock.advance(by: .milliseconds(300))
  await store.receive(.searchResponse(["a"])) { $0.results = ["a"] }
}

@MainActor @Test func aResponseIsReceivedByItsCase() async {
  let clock = TestClock()
  let store = TestStore(initialState: Search.State(), reducer: Search())
  store.dependencies.clock = clock
  await store.send(.queryChanged("a")) { $0.query = "a" }
  await clock.advance(by: .milliseconds(300))
  await store.receive(Search.Action.responsePath) { $0.results = ["a"] }
}

/// Loads its items when asked.
struct Loader: Reducer {
  struct State: Equatable, Sendable {
    var isLoaded = false
    var items: [String] = []
  }
  enum Action: Equatable, Sendable {
    case load
    case loaded([String])
    static let loadedPath = ActionPath<Action, [String]>(
      embed: Action.loaded, extract: { if case .loaded(let items) = $0 { items } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { send in await send(.loaded(["a", "b"])) }
    case .loaded(let items):
      state.items = items
      state.isLoaded = true
      return .none
    }
  }
}

@MainActor @Test func loadingAssertsOnlyThatItLoaded() async {
  let store = TestStore(initialState: Loader.State(), reducer: Loader())
  await store.withExhaustivity(.off) {
    await store.send(.load)
    await store.receive(Loader.Action.loadedPath) { $0.isLoaded = true }
  }
  #expect(store.state.items == ["a", "b"])
}

/// Drops what was received so far without asserting it.
@MainActor func dropReceivedActions(of store: TestStore<Loader.State, Loader.Action>) {
  store.withExhaustivity(.off) { store.skipReceivedActions(strict: false) }
}

/// Tells its parent when it saved.
struct Editor: Reducer {
  struct State: Equatable, Sendable { var text = "" }
  enum Action: Equatable, Sendable {
    enum Delegate: Equatable, Sendable { case saved(String) }
    case saveTapped
    case delegate(Delegate)
    static let delegatePath = ActionPath<Action, Delegate>(
      embed: Action.delegate,
      extract: { if case .delegate(let delegate) = $0 { delegate } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveTapped: return .send(.delegate(.saved(state.text)))
    case .delegate: return .none
    }
  }
}

@MainActor @Test func savingTellsTheParentWhatWasSaved() async {
  let store = TestStore(initialState: Editor.State(text: "draft"), reducer: Editor())
  await store.send(.saveTapped)
  await store.receive(Editor.Action.delegatePath, .saved("draft"))
}

// The examples in the doc comments of TestStore.assert, ImmediateClock and StoreTask.cancel.

@MainActor @Test func assertingAfterANonExhaustiveSend() async {
  let store = TestStore(initialState: Counter.State(), reducer: Counter())
  store.exhaustivity = .off
  await store.send(.incrementTapped)
  store.assert { $0.count = 1 }
}

@MainActor @Test func searchingWithAnImmediateClock() async {
  let store = TestStore(initialState: Search.State(), reducer: Search()) {
    $0.clock = ImmediateClock()
  }
  // The debounce's 300 ms pass at once: the response follows the query with no clock to advance.
  await store.send(.queryChanged("a")) { $0.query = "a" }
  await store.receive(Search.Action.responsePath, ["a"]) { $0.results = ["a"] }
}

struct Timer: Reducer {
  struct State: Equatable, Sendable {}
  enum Action: Equatable, Sendable { case startTimer }
  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let clock = clock
    return .run { _ in try await clock.sleep(for: .seconds(60)) }
  }
}

@MainActor @Test func cancellingATimerWaitsForItsEnd() async {
  let store = TestStore(initialState: Timer.State(), reducer: Timer()) {
    $0.clock = TestClock()
  }
  let timer = await store.send(.startTimer)
  await timer.cancel()
  #expect(!timer.isEmpty)
}
