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

  let clock: TestClock

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
    case fire(Int)
    case stopThrottling
  }

  let clock: TestClock
  let latest: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap(let number):
      return .send(.fire(number))
        .throttle(id: "tap", for: .seconds(1), clock: clock, latest: latest)
    case .fire(let number):
      state.fired.append(number)
      return .none
    case .stopThrottling:
      return .cancel(id: "tap")
    }
  }
}

@MainActor
@Suite struct EffectTimingTests {
  let clock = TestClock()

  private func makeTaps(latest: Bool) -> Store<Taps.State, Taps.Action> {
    Store(initialState: Taps.State(), reducer: Taps(clock: clock, latest: latest))
  }

  @Test func debounceRunsOnlyTheLastEffectAfterTheQuietPeriod() async {
    let store = Store(initialState: Search.State(), reducer: Search(clock: clock))
    let first = store.send(.queryChanged("a"))
    #expect(await clock.waitForSleepers(1))

    store.send(.queryChanged("ab"))
    #expect(await completes { await first.finish() })
    #expect(await clock.waitForSleepers(1))

    await clock.advance(by: .milliseconds(299))
    #expect(clock.sleeperCount == 1)
    #expect(store.searches == [])

    await clock.advance(by: .milliseconds(1))
    #expect(await eventually { store.runningEffectCount == 0 })

    #expect(store.query == "ab")
    #expect(store.searches == ["ab"])
    #expect(store.events.effectsCancelled == 1)
    #expect(store.events.effectsFinished == 1)
  }

  @Test func debouncingOrThrottlingNoneIsNone() {
    #expect(Effect<Int>.none.debounce(id: 1, for: .seconds(1), clock: clock).isNone)
    #expect(Effect<Int>.none.throttle(id: 1, for: .seconds(1), clock: clock).isNone)
    #expect(!Effect<Int>.send(1).debounce(id: 1, for: .seconds(1), clock: clock).isNone)
    #expect(!Effect<Int>.send(1).throttle(id: 1, for: .seconds(1), clock: clock).isNone)
  }

  @Test func throttleStartsTheFirstAtOnceAndTheLatestHeldWhenTheWindowCloses() async {
    let store = makeTaps(latest: true)
    store.send(.tap(1))
    store.send(.tap(2))
    store.send(.tap(3))
    #expect(store.fired == [1])
    #expect(await clock.waitForSleepers(1))

    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.fired == [1, 3] })
    // Starting the held effect opened a new window.
    #expect(await clock.waitForSleepers(1))
    #expect(store.runningEffectCount == 1)

    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.runningEffectCount == 0 })
    #expect(store.fired == [1, 3])
    // Only the two windows' timers ran as tasks; the throttled sends did not need one.
    #expect(store.events.effectsStarted == 2)

    store.send(.tap(4))
    #expect(store.fired == [1, 3, 4])
    store.cancelRunningEffects()
  }

  @Test func throttleCanKeepTheFirstHeldEffectInstead() async {
    let store = makeTaps(latest: false)
    store.send(.tap(1))
    store.send(.tap(2))
    store.send(.tap(3))
    #expect(await clock.waitForSleepers(1))

    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.fired == [1, 2] })
    #expect(await clock.waitForSleepers(1))

    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.runningEffectCount == 0 })
    #expect(store.fired == [1, 2])
  }

  @Test func throttleWithNothingHeldJustClosesTheWindow() async {
    let store = makeTaps(latest: true)
    store.send(.tap(1))
    #expect(await clock.waitForSleepers(1))

    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.runningEffectCount == 0 })

    #expect(store.fired == [1])
    #expect(clock.sleeperCount == 0)
    store.send(.tap(2))
    #expect(store.fired == [1, 2])
    store.cancelRunningEffects()
  }

  @Test func cancellingTheThrottleIDDropsTheHeldEffectAndClosesTheWindow() async {
    let store = makeTaps(latest: true)
    store.send(.tap(1))
    store.send(.tap(2))

    store.send(.stopThrottling)
    #expect(await eventually { store.runningEffectCount == 0 })
    store.send(.tap(3))

    #expect(store.fired == [1, 3])
    #expect(store.events.effectsCancelled == 1)
    store.cancelRunningEffects()
  }
}
