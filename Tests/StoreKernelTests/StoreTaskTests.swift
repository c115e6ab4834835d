import StoreKernel
import StoreKernelTesting
import Testing

private struct Sleepers: Reducer {
  enum Action: Equatable, Sendable {
    case sleepTwice
    case sleepThenSend
    case woke
  }

  let clock: TestClock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .sleepTwice:
      return .merge(
        .run { [clock] _ in try await clock.sleep(for: .seconds(1)) },
        .run { [clock] _ in try await clock.sleep(for: .seconds(2)) })
    case .sleepThenSend:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.woke)
      }
    case .woke:
      state += 1
      return .none
    }
  }
}

@MainActor
@Suite struct StoreTaskTests {
  let clock = TestClock()

  @Test func anEmptyHandleHasNothingToWaitForOrCancel() async {
    let task = StoreTask()
    #expect(task.isEmpty)
    task.cancel()
    await task.finish()
  }

  @Test func finishWaitsForEveryEffectTheSendStarted() async {
    let store = Store(initialState: 0, reducer: Sleepers(clock: clock))
    let task = store.send(.sleepTwice)
    #expect(!task.isEmpty)
    #expect(await clock.waitForSleepers(2))

    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.finish() })

    #expect(store.runningEffectCount == 0)
    #expect(store.events.effectsFinished == 2)
  }

  @Test func cancelCancelsEveryEffectTheSendStarted() async {
    let store = Store(initialState: 0, reducer: Sleepers(clock: clock))
    let task = store.send(.sleepTwice)

    task.cancel()
    #expect(await completes { await task.finish() })

    #expect(store.events.effectsCancelled == 2)
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingOneSendsHandleLeavesOtherEffectsRunning() async {
    let store = Store(initialState: 0, reducer: Sleepers(clock: clock))
    let cancelled = store.send(.sleepThenSend)
    let kept = store.send(.sleepThenSend)
    #expect(await clock.waitForSleepers(2))

    cancelled.cancel()
    #expect(await completes { await cancelled.finish() })
    await clock.advance(by: .seconds(1))
    #expect(await completes { await kept.finish() })

    #expect(store.state == 1)
    #expect(store.events.effectsCancelled == 1)
    #expect(store.events.effectsFinished == 1)
  }
}
