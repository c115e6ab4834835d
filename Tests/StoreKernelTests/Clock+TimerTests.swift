import StoreKernel
import StoreKernelTesting
import Testing

/// A stopwatch that counts on `clock.timer(interval:)`, as a TCA feature does.
private struct Stopwatch: Reducer {
  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
  }

  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.clock) var clock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state += 1
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ClockTimerTests {
  @Test func aTestClockDrivesTheTimerAndCancellingEndsIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Stopwatch()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.start)
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.tick) { $0 = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0 = 2 }
    await store.receive(.tick) { $0 = 3 }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theTicksAreTheDeadlinesOneIntervalApart() async {
    let clock = TestClock()
    let start = clock.now
    // On the clock's executor, so `advance` first lets the task run until it sleeps.
    let ticks = Task(executorPreference: clock.effectExecutor) {
      var instants: [TestClock.Instant?] = []
      for await tick in clock.timer(interval: .seconds(2)) {
        instants.append(tick as? TestClock.Instant)
        if instants.count == 3 { break }
      }
      return instants
    }
    await clock.advance(by: .seconds(6))
    #expect(
      await ticks.value == [
        start.advanced(by: .seconds(2)), start.advanced(by: .seconds(4)),
        start.advanced(by: .seconds(6)),
      ])
  }

  @Test func cancellingTheIteratingTaskEndsTheSequence() async {
    let clock = TestClock()
    let ticks = Task(executorPreference: clock.effectExecutor) {
      var count = 0
      for await _ in clock.timer(interval: .seconds(1)) { count += 1 }
      return count
    }
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    ticks.cancel()
    #expect(await ticks.value == 0)
  }
}
