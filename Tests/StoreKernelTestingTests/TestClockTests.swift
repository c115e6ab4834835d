import StoreKernel
import StoreKernelTesting
import Testing

/// Starts a task that sleeps on `clock` for `duration` and records how the sleep ended. It runs
/// on the clock's executor, as a test store's effects do, so the clock moves it deterministically.
private func sleeper(
  _ label: String, on clock: TestClock, for duration: Duration, log: Recorder<String>
) -> Task<Void, Never> {
  Task(executorPreference: clock.effectExecutor) {
    do {
      try await clock.sleep(for: duration)
      log.record("\(label) woke")
    } catch is CancellationError {
      log.record("\(label) cancelled")
    } catch {
      log.record("\(label) failed: \(error)")
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct TestClockTests {
  let clock = TestClock()
  let log = Recorder<String>()

  @Test func timeStartsAtZeroAndMovesOnlyWhenAdvanced() async {
    #expect(clock.now == TestClock.Instant())
    #expect(clock.minimumResolution == .zero)

    await clock.advance(by: .seconds(2))
    #expect(clock.now.offset == .seconds(2))

    await clock.advance(to: TestClock.Instant(offset: .seconds(5)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func advancingToAnEarlierInstantDoesNotMoveTimeBack() async {
    await clock.advance(by: .seconds(5))
    await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func instantsMeasureDurationsBetweenThem() {
    let start = TestClock.Instant(offset: .seconds(1))
    let later = start.advanced(by: .milliseconds(500))
    #expect(later.offset == .milliseconds(1500))
    #expect(start.duration(to: later) == .milliseconds(500))
    #expect(start < later)
    #expect(!(later < start))
  }

  @Test func aSleeperWakesOnlyWhenItsDeadlineIsReached() async {
    let task = sleeper("timer", on: clock, for: .seconds(1), log: log)

    await clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 1)
    #expect(log.values == [])

    await clock.advance(by: .milliseconds(1))
    #expect(await completes { await task.value })
    #expect(clock.sleeperCount == 0)
    #expect(log.values == ["timer woke"])
  }

  @Test func advanceWakesEverySleeperUpToTheTargetAndNoOther() async {
    let first = sleeper("1s", on: clock, for: .seconds(1), log: log)
    let second = sleeper("2s", on: clock, for: .seconds(2), log: log)
    let third = sleeper("3s", on: clock, for: .seconds(3), log: log)

    await clock.advance(by: .milliseconds(2500))
    #expect(await completes { await first.value })
    #expect(await completes { await second.value })
    #expect(clock.sleeperCount == 1)
    #expect(clock.now.offset == .milliseconds(2500))
    #expect(log.values.sorted() == ["1s woke", "2s woke"])

    await clock.advance(by: .milliseconds(500))
    #expect(await completes { await third.value })
    #expect(log.values.sorted() == ["1s woke", "2s woke", "3s woke"])
  }

  @Test func sleepingUntilAPastDeadlineReturnsAtOnce() async throws {
    await clock.advance(by: .seconds(1))
    try await clock.sleep(until: TestClock.Instant(offset: .milliseconds(999)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func aZeroLengthSleepWaitsForTheNextAdvance() async {
    let task = sleeper("zero", on: clock, for: .zero, log: log)
    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.value })
    #expect(log.values == ["zero woke"])
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func aZeroLengthSleepMadeDuringAnAdvanceWaitsForTheNextOne() async {
    let clock = clock
    let log = log
    let task = Task(executorPreference: clock.effectExecutor) {
      do {
        try await clock.sleep(for: .seconds(1))
        log.record("slept")
        try await clock.sleep(for: .zero)
        log.record("synchronized")
      } catch {
        log.record("\(error)")
      }
    }
    await clock.advance(by: .seconds(1))
    #expect(log.values == ["slept"])
    #expect(clock.sleeperCount == 1)

    await clock.advance()
    #expect(await completes { await task.value })
    #expect(log.values == ["slept", "synchronized"])
  }

  @Test func aRepeatingTimerFiresOncePerIntervalWithinOneAdvance() async {
    let clock = clock
    let log = log
    let timer = Task(executorPreference: clock.effectExecutor) {
      var ticks = 0
      while (try? await clock.sleep(for: .seconds(1))) != nil {
        ticks += 1
        log.record("tick \(ticks) at \(clock.now.offset)")
      }
    }
    await clock.advance(by: .seconds(2))
    #expect(log.values == ["tick 1 at 1.0 seconds", "tick 2 at 2.0 seconds"])
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .milliseconds(999))
    #expect(log.values.count == 2)
    timer.cancel()
    #expect(await completes { await timer.value })
  }

  @Test func runFollowsATaskThroughSequentialSleeps() async {
    let clock = clock
    let log = log
    let task = Task(executorPreference: clock.effectExecutor) {
      for step in 1...3 {
        try? await clock.sleep(for: .seconds(step))
        log.record("step \(step) at \(clock.now.offset)")
      }
    }
    await clock.run()
    #expect(await completes { await task.value })
    #expect(
      log.values == ["step 1 at 1.0 seconds", "step 2 at 3.0 seconds", "step 3 at 6.0 seconds"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func runAdvancesUntilNoTaskIsSleeping() async {
    let tasks = [
      sleeper("3s", on: clock, for: .seconds(3), log: log),
      sleeper("1s", on: clock, for: .seconds(1), log: log),
      sleeper("2s", on: clock, for: .seconds(2), log: log),
    ]

    await clock.run()
    for task in tasks { #expect(await completes { await task.value }) }

    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(3))
    #expect(log.values.sorted() == ["1s woke", "2s woke", "3s woke"])
  }

  @Test func runWithNoSleeperDoesNotMoveTime() async {
    await clock.run()
    #expect(clock.now == TestClock.Instant())
  }

  @Test func cancellingASleepingTaskEndsItsSleepWithCancellation() async {
    let task = sleeper("timer", on: clock, for: .seconds(1), log: log)

    task.cancel()
    #expect(await completes { await task.value })

    #expect(log.values == ["timer cancelled"])
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    #expect(log.values == ["timer cancelled"])
  }

  @Test func aTaskCancelledBeforeSleepingDoesNotSleep() async {
    let clock = clock
    let log = log
    let task = Task(executorPreference: clock.effectExecutor) {
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await clock.sleep(for: .seconds(1))
        log.record("slept")
      } catch {
        log.record("\(type(of: error))")
      }
    }
    #expect(await completes { await task.value })
    #expect(log.values == ["CancellationError"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingOneSleeperLeavesTheOthers() async {
    let cancelled = sleeper("cancelled", on: clock, for: .seconds(1), log: log)
    let kept = sleeper("kept", on: clock, for: .seconds(1), log: log)

    cancelled.cancel()
    #expect(await completes { await cancelled.value })
    // An advance of zero first lets the other sleeper reach its sleep (it may not have started
    // yet), and wakes nobody: no deadline is due.
    await clock.advance()
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .seconds(1))
    #expect(await completes { await kept.value })
    #expect(log.values == ["cancelled cancelled", "kept woke"])
  }
}
