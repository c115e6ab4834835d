import StoreKernel
import StoreKernelTesting
import Testing

private struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var searches: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searched(String)
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in await send(.searched(query)) }
        .debounce(id: "search", for: .milliseconds(300), clock: clock)
    case .searched(let query):
      state.searches.append(query)
      return .none
    }
  }
}

private struct Taps: Reducer {
  struct State: Equatable {
    var fired: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case tap(Int)
    case tapInsideOuter(Int)
    case fire(Int)
    case stopThrottling
    case cancelOuter
  }

  let latest: Bool
  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap(let number):
      return .send(.fire(number))
        .throttle(id: "tap", for: .seconds(1), clock: clock, latest: latest)
    case .tapInsideOuter(let number):
      return .send(.fire(number))
        .throttle(id: "tap", for: .seconds(1), clock: clock, latest: latest)
        .cancellable(id: "outer")
    case .fire(let number):
      state.fired.append(number)
      return .none
    case .stopThrottling:
      return .cancel(id: "tap")
    case .cancelOuter:
      return .cancel(id: "outer")
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectTimingTests {
  let clock = TestClock()

  private func makeTaps(latest: Bool = true) -> TestStore<Taps.State, Taps.Action> {
    TestStore(initialState: Taps.State(), reducer: Taps(latest: latest)) { $0.clock = clock }
  }

  @Test func debounceRunsOnlyTheLastEffectAfterTheQuietPeriod() async {
    let store = TestStore(initialState: Search.State(), reducer: Search()) { $0.clock = clock }
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await store.send(.queryChanged("ab")) { $0.query = "ab" }

    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searched("ab")) { $0.searches = ["ab"] }
    #expect(store.events.effectsCancelled == 1)
    #expect(store.events.effectsFinished == 1)
    await store.finish()
  }

  @Test func debouncingOrThrottlingNoneIsNone() {
    #expect(Effect<Int>.none.debounce(id: 1, for: .seconds(1), clock: clock).isNone)
    #expect(Effect<Int>.none.throttle(id: 1, for: .seconds(1), clock: clock).isNone)
    #expect(!Effect<Int>.send(1).debounce(id: 1, for: .seconds(1), clock: clock).isNone)
    #expect(!Effect<Int>.send(1).throttle(id: 1, for: .seconds(1), clock: clock).isNone)
  }

  @Test func throttleDeliversTheFirstAtOnceAndTheLatestWhenTheIntervalHasPassed() async {
    let store = makeTaps()
    await store.send(.tap(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.send(.tap(2))
    await store.send(.tap(3))

    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fire(3)) { $0.fired = [1, 3] }
    // Nothing is left running once the held effect has started: no extra advance needed.
    await store.finish()
  }

  @Test func throttleCanKeepTheFirstHeldEffectInstead() async {
    let store = makeTaps(latest: false)
    await store.send(.tap(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.send(.tap(2))
    await store.send(.tap(3))

    await clock.advance(by: .seconds(1))
    await store.receive(.fire(2)) { $0.fired = [1, 2] }
    await store.finish()
  }

  @Test func throttleWithNothingHeldLeavesNothingRunning() async {
    let store = makeTaps()
    await store.send(.tap(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.finish()
    #expect(clock.sleeperCount == 0)

    // Once the interval has passed, the next one starts at once.
    await clock.advance(by: .seconds(1))
    await store.send(.tap(2))
    await store.receive(.fire(2)) { $0.fired = [1, 2] }
    await store.finish()
  }

  @Test func aHeldEffectOpensTheNextIntervalWhenItStarts() async {
    let store = makeTaps()
    await store.send(.tap(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.send(.tap(2))
    await clock.advance(by: .seconds(1))
    await store.receive(.fire(2)) { $0.fired = [1, 2] }

    // Right after the held one started: held again, until a full interval after it.
    await store.send(.tap(3))
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fire(3)) { $0.fired = [1, 2, 3] }
    await store.finish()
  }

  @Test func cancellingTheThrottleIDDropsTheHeldEffect() async {
    let store = makeTaps()
    await store.send(.tap(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.send(.tap(2))
    await store.send(.stopThrottling)

    await clock.advance(by: .seconds(5))
    #expect(store.events.effectsCancelled == 1)
    await store.finish()
  }

  @Test func cancellingAnEnclosingIDDropsTheHeldEffect() async {
    let store = makeTaps()
    await store.send(.tapInsideOuter(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.send(.tapInsideOuter(2))
    await store.send(.cancelOuter)

    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.fired == [1])
  }
}
