import StoreKernel
import StoreKernelTesting
import Testing

/// Calls debounced with a longest wait (1 s quiet, 3 s at most), on a test clock.
private struct Typing: Reducer {
  struct State: Equatable {
    var fired: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case key(Int)
    case slowKey(Int)
    case keyInside(Int, outer: String)
    case keyThenFire(Int)
    case distinct(Int)
    case fire(Int)
    case cancel
    case cancelOuter(String)
    case cancelDistinct(Int)
  }

  let clock: any Clock<Duration>

  func debounced(_ effect: Effect<Action>, id: Int = 0) -> Effect<Action> {
    effect.debounce(id: id, for: .seconds(1), maxWait: .seconds(3), clock: clock)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .key(let number):
      return debounced(.send(.fire(number)))
    case .slowKey(let number):
      // A save that takes 10 s once it has started.
      return debounced(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(10))
          await send(.fire(number))
        })
    case .keyInside(let number, let outer):
      return debounced(.send(.fire(number))).cancellable(id: outer)
    case .keyThenFire(let number):
      return .concatenate(debounced(.send(.fire(number))), .send(.fire(number * 10)))
    case .distinct(let number):
      return debounced(.send(.fire(number)), id: number)
    case .fire(let number):
      state.fired.append(number)
      return .none
    case .cancel:
      return .cancel(id: 0)
    case .cancelOuter(let outer):
      return .cancel(id: outer)
    case .cancelDistinct(let number):
      return .cancel(id: number)
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectBoundedDebounceTests {
  let clock = TestClock()

  private func makeStore() -> Store<Typing.State, Typing.Action> {
    Store(initialState: Typing.State(), reducer: Typing(clock: clock)) {
      $0.effectExecutor = clock.effectExecutor
    }
  }

  private func makeTestStore() -> TestStore<Typing.State, Typing.Action> {
    TestStore(initialState: Typing.State(), reducer: Typing(clock: clock)) { $0.clock = clock }
  }

  @Test func theLatestEffectStartsOnceTheCallsPauseForTheQuietPeriod() async {
    let store = makeTestStore()
    await store.send(.key(1))
    await clock.advance(by: .milliseconds(600))
    await store.send(.key(2))
    // 1 s after the first call, but only 0.4 s after the last: not yet.
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fire(2)) { $0.fired = [2] }
    await store.finish()
  }

  @Test func steadyCallsStartTheEffectAtTheLongestWait() async {
    let store = makeTestStore()
    // A call every half second never leaves a quiet second: the effect starts 3 s after the
    // first call, with the effect of the latest call made by then.
    for number in 1...6 {
      await store.send(.key(number))
      await clock.advance(by: .milliseconds(500))
    }
    await store.receive(.fire(6)) { $0.fired = [6] }
    // The next call begins a new burst, timed from itself.
    await store.send(.key(7))
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fire(7)) { $0.fired = [6, 7] }
    await store.finish()
  }

  @Test func aBurstStartsOneTaskHoweverManyCallsItHas() async {
    let store = makeStore()
    for number in 1...100 { store.send(.key(number)) }
    #expect(store.events.effectsStarted == 1)
    #expect(store.runningEffectCount == 1)

    // The timer woke before the deadline (a call came later) and slept again: one more task.
    await clock.advance(by: .milliseconds(500))
    store.send(.key(101))
    await clock.advance(by: .milliseconds(500))
    #expect(store.events.effectsStarted == 2)
    await clock.advance(by: .milliseconds(500))
    #expect(store.fired == [101])
    #expect(store.runningEffectCount == 0)
  }

  @Test func theSendThatBeganTheBurstCoversItsEffectAndLaterSendsDoNot() async {
    let store = makeStore()
    let first = store.send(.key(1))
    let later = store.send(.key(2))
    #expect(!first.isEmpty)
    #expect(later.isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(await completes { await first.finish() })
    #expect(store.fired == [2])
  }

  @Test func cancellingTheIDDropsTheHeldEffectAndEndsTheBurst() async {
    let store = makeTestStore()
    let first = await store.send(.key(1))
    await store.send(.key(2))
    await store.send(.cancel)
    #expect(await completes { await first.finish() })
    await clock.advance(by: .seconds(5))

    // A new burst after the cancellation is timed from its own first call.
    await store.send(.key(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.fire(3)) { $0.fired = [3] }
    await store.finish()
  }

  @Test func cancellingAnEnclosingIDDropsTheHeldEffect() async {
    let store = makeTestStore()
    await store.send(.keyInside(1, outer: "a"))
    await store.send(.keyInside(2, outer: "a"))
    await store.send(.cancelOuter("a"))
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.fired == [])
  }

  @Test func aCallUnderOtherEnclosingIDsBeginsANewBurstInPlaceOfTheOld() async {
    let store = makeTestStore()
    await store.send(.keyInside(1, outer: "a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.keyInside(2, outer: "b"))
    // Cancelling the old burst's id no longer reaches the effect now held.
    await store.send(.cancelOuter("a"))
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fire(2)) { $0.fired = [2] }
    await store.finish()
  }

  @Test func anEffectThatHasStartedIsNotCancelledByTheNextBurst() async {
    let store = makeStore()
    store.send(.slowKey(1))
    await clock.advance(by: .seconds(1))
    // The first save runs (10 s); a new burst begins beside it.
    store.send(.slowKey(2))
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(9))
    #expect(store.fired == [1])
    await clock.advance(by: .seconds(1))
    #expect(store.fired == [1, 2])
    #expect(store.events.effectsCancelled == 0)
  }

  @Test func cancellingTheIDStopsAnEffectThatHasStarted() async {
    let store = makeStore()
    let task = store.send(.slowKey(1))
    await clock.advance(by: .seconds(1))
    store.send(.cancel)
    #expect(await completes { await task.finish() })
    await clock.advance(by: .seconds(20))
    #expect(store.fired == [])
  }

  @Test func aConcatenationGoesOnOnlyAfterItsDebouncedEffect() async {
    let store = makeStore()
    let first = store.send(.keyThenFire(1))
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.keyThenFire(2))
    await clock.advance(by: .milliseconds(500))
    #expect(store.fired == [])

    await clock.advance(by: .milliseconds(500))
    #expect(await completes { await first.finish() })
    #expect(await completes { await second.finish() })
    // The held effect was the second call's; each concatenation went on once it had run.
    #expect(store.fired.sorted() == [2, 10, 20])
  }

  @Test func startedAndCancelledBurstsAreForgotten() async {
    let store = makeStore()
    for number in 1...50 {
      store.send(.distinct(number))
      await clock.advance(by: .seconds(1))
    }
    #expect(store.fired == Array(1...50))
    #expect(store.debounceBurstCount == 0)

    for number in 100..<200 {
      store.send(.distinct(number))
      store.send(.cancelDistinct(number))
    }
    #expect(store.debounceBurstCount ?? 0 <= 32)
  }

  @Test func debouncingNoneIsNone() {
    #expect(
      Effect<Int>.none.debounce(id: 1, for: .seconds(1), maxWait: .seconds(2), clock: clock).isNone)
    #expect(
      !Effect<Int>.send(1).debounce(id: 1, for: .seconds(1), maxWait: .seconds(2), clock: clock)
        .isNone)
  }
}
