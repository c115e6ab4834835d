import StoreKernel
import StoreKernelTesting
import Testing

@testable import CountdownFeature

/// The countdown on its own, on a test clock: every tick is the test's to advance.
@MainActor
@Suite struct CountdownReducerTests {
  let clock = TestClock()

  private func countdown(seconds: Int) -> TestStore<CountdownState, CountdownAction> {
    TestStore(
      initialState: CountdownState(countdown: Countdown(seconds: seconds)),
      reducer: CountdownReducer()
    ) { [clock] in
      $0.clock = clock
    }
  }

  @Test func startingTicksEachSecondAndFinishesAtZero() async {
    let store = countdown(seconds: 2)
    await store.send(.input(.start)) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.remaining = 1 }
    await store.receive(.delegate(.tick(remaining: 1)))
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.remaining = 0
      $0.isRunning = false
    }
    await store.receive(.delegate(.finished))
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func pausingKeepsTheSecondsLeftAndStartingGoesOnFromThere() async {
    let store = countdown(seconds: 3)
    await store.send(.view(.startTapped)) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.remaining = 2 }
    await store.receive(.delegate(.tick(remaining: 2)))
    await store.send(.input(.pause)) { $0.isRunning = false }
    await clock.advance(by: .seconds(10))
    await store.send(.input(.start)) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.remaining = 1 }
    await store.receive(.delegate(.tick(remaining: 1)))
    await store.send(.view(.pauseTapped)) { $0.isRunning = false }
    await store.finish()
  }

  @Test func aFinishedCountdownDoesNotStartAgain() async {
    let store = countdown(seconds: 0)
    await store.send(.input(.start))
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
