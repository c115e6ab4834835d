import StoreKernel
import StoreKernelTesting
import Testing

@testable import TimerFeature

/// The timer's logic, through its actions: an exhaustive `TestStore` asserts every state change
/// and every action an effect sends back; a `TestClock` moves time only when the test says so.
@MainActor
@Suite struct TimerReducerTests {
  let clock = TestClock()

  func makeStore(_ state: TimerState = TimerState()) -> TestStore<TimerState, TimerAction> {
    TestStore(initialState: state, reducer: TimerReducer()) { $0.clock = clock }
  }

  @Test func countsDownOncePerSecondThenFinishes() async {
    let store = makeStore()

    await store.send(.input(.start(seconds: 2))) {
      $0.duration = 2
      $0.remaining = 2
      $0.isRunning = true
    }
    await store.receive(.delegate(.started(seconds: 2)))

    await clock.advance(by: .seconds(1))
    await store.receive(.internal(.tick)) { $0.remaining = 1 }

    await clock.advance(by: .seconds(1))
    await store.receive(.internal(.tick)) {
      $0.remaining = 0
      $0.isRunning = false
    }
    await store.receive(.delegate(.finished))
  }

  @Test func pausingStopsTheTicksAndResumingStartsThemAgain() async {
    let store = makeStore()
    await store.send(.input(.start(seconds: 60))) {
      $0.duration = 60
      $0.remaining = 60
      $0.isRunning = true
    }
    await store.receive(.delegate(.started(seconds: 60)))

    await store.send(.view(.pauseResumeTapped)) { $0.isRunning = false }
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(10))

    await store.send(.view(.pauseResumeTapped)) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.internal(.tick)) { $0.remaining = 59 }

    await store.send(.input(.cancel)) {
      $0.remaining = 0
      $0.isRunning = false
    }
    await store.receive(.delegate(.cancelled(remaining: 59)))
  }

  @Test func startingFromZeroFinishesAtOnce() async {
    let store = makeStore()
    // No state changes: the timer was idle at zero and stays so; the closure is left out.
    await store.send(.input(.start(seconds: 0)))
    await store.receive(.delegate(.finished))
  }

  @Test func aNonExhaustiveTestAssertsOnlyWhatItCaresAbout() async {
    let store = makeStore()
    store.exhaustivity = .off

    await store.send(.input(.start(seconds: 3)))
    // One advance of three seconds fires the once-a-second timer three times.
    await clock.advance(by: .seconds(3))
    // The three ticks and `.started` are skipped; only the end is checked.
    await store.receive(.delegate(.finished)) { $0.isRunning = false }
    #expect(store.state.remaining == 0)
  }

  @Test func receivingByCaseLeavesOutThePayloadOrChecksIt() async {
    let store = makeStore()
    await store.send(.input(.start(seconds: 1))) {
      $0.duration = 1
      $0.remaining = 1
      $0.isRunning = true
    }
    // Any delegate action: its payload is not checked.
    await store.receive(TimerAction.delegate)

    await clock.advance(by: .seconds(1))
    await store.receive(.internal(.tick)) {
      $0.remaining = 0
      $0.isRunning = false
    }
    // A delegate action with this payload: another one would fail, showing the difference.
    await store.receive(CasePath(TimerAction.delegate), .finished)
  }

  @Test func partOfAnExhaustiveTestCanLetGo() async {
    let store = makeStore()
    await store.withExhaustivity(.off) {
      await store.send(.input(.start(seconds: 3)))
      await clock.advance(by: .seconds(3))
      await store.receive(.delegate(.finished))
    }
    // Exhaustive again: every change must be asserted.
    await store.send(.view(.resetTapped)) { $0.remaining = 3 }
  }
}
