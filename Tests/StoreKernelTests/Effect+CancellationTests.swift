import StoreKernel
import StoreKernelTesting
import Testing

private enum TimerID: Hashable, Sendable {
  case timer
}

private struct Timer: Reducer {
  struct State: Equatable {
    var fired: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case start(Int)
    case restart(Int)
    case stop
    case stopWithNone
    case fired(Int)
    case startSequence
    case cancelSequence
  }

  let clock: TestClock

  private func wait(_ number: Int) -> Effect<Action> {
    .run { [clock] send in
      try? await clock.sleep(for: .seconds(1))
      // Sent even when the sleep was cancelled: the store must drop it.
      await send(.fired(number))
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let number):
      return wait(number).cancellable(id: TimerID.timer)
    case .restart(let number):
      return wait(number).cancellable(id: TimerID.timer, cancelInFlight: true)
    case .stop:
      return .cancel(id: TimerID.timer)
    case .stopWithNone:
      return Effect.none.cancellable(id: TimerID.timer, cancelInFlight: true)
    case .fired(let number):
      state.fired.append(number)
      return .none
    case .startSequence:
      return .concatenate(
        wait(1).cancellable(id: "inner"),
        .send(.fired(2))
      )
      .cancellable(id: "sequence")
    case .cancelSequence:
      return .cancel(id: "sequence")
    }
  }
}

private enum Parent {
  enum Action: Equatable, Sendable {
    case timer(Timer.Action)
  }

  static func reducer(clock: TestClock) -> Reduce<Timer.State, Action> {
    Reduce { state, action in
      switch action {
      case .timer(let action):
        return Timer(clock: clock).reduce(into: &state, action: action).map(Action.timer)
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectCancellationTests {
  let clock = TestClock()

  private func makeStore() -> Store<Timer.State, Timer.Action> {
    Store(initialState: Timer.State(), reducer: Timer(clock: clock)) {
      $0.effectExecutor = clock.effectExecutor
    }
  }

  @Test func cancelStopsTheEffectsMarkedWithTheID() async {
    let store = makeStore()
    let task = store.send(.start(1))
    await clock.advance()

    store.send(.stop)
    #expect(await completes { await task.finish() })

    #expect(store.fired == [])
    #expect(store.runningEffectCount == 0)
    #expect(store.events.effectsCancelled == 1)
    #expect(store.events.effectsFinished == 0)
  }

  @Test func anIDIsMatchedByItsValueAndNotByAnotherTypesValue() async {
    let store = makeStore()
    let task = store.send(.start(1))
    await clock.advance()

    // Another type's value, even one that prints the same, cancels nothing.
    store.cancelEffects(markedWith: "timer")
    store.cancelEffects(markedWith: 0)
    #expect(store.runningEffectCount == 1)
    store.cancelEffects(markedWith: TimerID.timer)
    #expect(await completes { await task.finish() })
    #expect(store.events.effectsCancelled == 1)
  }

  @Test func effectsWithTheSameIDRunSideBySideWithoutCancelInFlight() async {
    let store = makeStore()
    store.send(.start(1))
    store.send(.start(2))
    await clock.advance()

    await clock.advance(by: .seconds(1))
    #expect(store.runningEffectCount == 0)

    #expect(store.fired.sorted() == [1, 2])
    #expect(store.events.effectsCancelled == 0)
  }

  @Test func cancelInFlightCancelsTheRunningEffectBeforeStarting() async {
    let store = makeStore()
    let first = store.send(.restart(1))
    store.send(.restart(2))
    #expect(await completes { await first.finish() })
    await clock.advance()

    await clock.advance(by: .seconds(1))
    #expect(store.runningEffectCount == 0)

    #expect(store.fired == [2])
    #expect(store.events.effectsCancelled == 1)
    #expect(store.events.effectsFinished == 1)
  }

  @Test func cancelInFlightOnNoneIsNoneAndCancelsNothing() async {
    #expect(Effect<Timer.Action>.none.cancellable(id: TimerID.timer, cancelInFlight: true).isNone)
    let store = makeStore()
    store.send(.start(1))
    await clock.advance()

    #expect(store.send(.stopWithNone).isEmpty)
    await clock.advance(by: .seconds(1))

    #expect(store.fired == [1])
    #expect(store.events.effectsCancelled == 0)
  }

  @Test func theSameIDInAnotherStoreIsNotCancelled() async {
    let first = makeStore()
    let second = makeStore()
    let firstTask = first.send(.start(1))
    second.send(.start(2))
    await clock.advance()

    first.send(.stop)
    #expect(await completes { await firstTask.finish() })
    #expect(second.runningEffectCount == 1)
    await clock.advance()

    await clock.advance(by: .seconds(1))
    #expect(second.runningEffectCount == 0)

    #expect(first.fired == [])
    #expect(second.fired == [2])
    #expect(second.events.effectsCancelled == 0)
  }

  @Test func aScopedStoreSharesItsRootsIDs() async {
    let root = Store(initialState: Timer.State(), reducer: Parent.reducer(clock: clock)) {
      $0.effectExecutor = clock.effectExecutor
    }
    let child = root.scope(state: { $0 }, action: Parent.Action.timer)
    let task = root.send(.timer(.start(1)))

    child.send(.stop)
    #expect(await completes { await task.finish() })

    #expect(root.fired == [])
    #expect(root.events.effectsCancelled == 1)
  }

  @Test func cancellingASequenceCancelsTheEffectItIsWaitingOn() async {
    let store = makeStore()
    let task = store.send(.startSequence)
    await clock.advance()

    store.send(.cancelSequence)
    #expect(await completes { await task.finish() })

    #expect(store.runningEffectCount == 0)
    #expect(store.fired == [])
    #expect(store.events.effectsStarted == 2)
    #expect(store.events.effectsCancelled == 2)
  }

  @Test func aSequenceRunsTheCancellableEffectsItContains() async {
    let store = makeStore()
    let task = store.send(.startSequence)
    await clock.advance()

    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.finish() })

    #expect(store.fired == [1, 2])
  }

  @Test func storeTaskCancelCancelsWhatTheSendStarted() async {
    let store = makeStore()
    let task = store.send(.start(1))

    await task.cancel()
    #expect(await completes { await task.finish() })

    #expect(store.fired == [])
    #expect(store.events.effectsCancelled == 1)
  }
}
