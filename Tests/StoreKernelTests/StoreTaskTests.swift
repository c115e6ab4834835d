import StoreKernel
import StoreKernelTesting
import Testing

private struct Sleepers: Reducer {
  enum Action: Equatable, Sendable {
    case sleepTwice
    case sleepThenSend
    case woke
    case load
    case loaded
    case saved
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
    case .load:
      return .run { send in await send(.loaded) }
    case .loaded:
      // An action an effect sent starts an effect of its own.
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
    case .saved:
      state += 10
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct StoreTaskTests {
  let clock = TestClock()

  /// A store whose effects run on the clock's executor, so the clock moves them
  /// deterministically.
  private func makeStore() -> Store<Int, Sleepers.Action> {
    Store(initialState: 0, reducer: Sleepers(clock: clock)) {
      $0.effectExecutor = clock.effectExecutor
    }
  }

  @Test func anEmptyHandleHasNothingToWaitForOrCancel() async {
    let task = StoreTask()
    #expect(task.isEmpty)
    await task.cancel()
    await task.finish()
  }

  @Test func finishWaitsForEveryEffectTheSendStarted() async {
    let store = makeStore()
    let task = store.send(.sleepTwice)
    #expect(!task.isEmpty)

    await clock.advance()
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.finish() })

    #expect(store.runningEffectCount == 0)
    #expect(store.events.effectsFinished == 2)
  }

  @Test func cancelCancelsEveryEffectTheSendStarted() async {
    let store = makeStore()
    let task = store.send(.sleepTwice)

    await task.cancel()
    #expect(await completes { await task.finish() })

    #expect(store.events.effectsCancelled == 2)
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingOneSendsHandleLeavesOtherEffectsRunning() async {
    let store = makeStore()
    let cancelled = store.send(.sleepThenSend)
    let kept = store.send(.sleepThenSend)

    await cancelled.cancel()
    #expect(await completes { await cancelled.finish() })
    await clock.advance(by: .seconds(1))
    #expect(await completes { await kept.finish() })

    #expect(store.state == 1)
    #expect(store.events.effectsCancelled == 1)
    #expect(store.events.effectsFinished == 1)
  }

  @Test func finishAlsoWaitsForEffectsStartedByTheActionsTheEffectsSentBack() async {
    let store = makeStore()
    let task = store.send(.load)
    await clock.advance()
    // `.loaded` came back and started a sleeping save: the load's handle covers it.
    #expect(store.state == 0)
    #expect(task.isRunning)
    #expect(!(await completes(within: .milliseconds(50)) { await task.finish() }))

    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.finish() })
    #expect(store.state == 10)
    #expect(!task.isRunning)
  }

  @Test func cancelAlsoCancelsEffectsStartedByTheActionsTheEffectsSentBack() async {
    let store = makeStore()
    let task = store.send(.load)
    await clock.advance()
    #expect(clock.sleeperCount == 1)

    await task.cancel()
    #expect(await completes { await task.finish() })
    #expect(clock.sleeperCount == 0)
    #expect(store.state == 0)
  }
}
