import StoreKernel
import StoreKernelTesting
import Testing

/// Starts a task that sleeps on `clock` for `duration` and records how the sleep ended.
private func sleeper(
  _ label: String, on clock: TestClock, for duration: Duration, log: Recorder<String>
) -> Task<Void, Never> {
  Task {
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
@Suite struct TestClockTests {
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
    #expect(await clock.waitForSleepers(1))

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
    #expect(await clock.waitForSleepers(3))

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

  @Test func sleepingUntilANowOrPastDeadlineReturnsAtOnce() async throws {
    await clock.advance(by: .seconds(1))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
    try await clock.sleep(for: .zero)
    #expect(clock.sleeperCount == 0)
  }

  @Test func runAdvancesUntilNoTaskIsSleeping() async {
    let tasks = [
      sleeper("3s", on: clock, for: .seconds(3), log: log),
      sleeper("1s", on: clock, for: .seconds(1), log: log),
      sleeper("2s", on: clock, for: .seconds(2), log: log),
    ]
    #expect(await clock.waitForSleepers(3))

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
    #expect(await clock.waitForSleepers(1))

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
    let task = Task {
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
    #expect(await clock.waitForSleepers(2))

    cancelled.cancel()
    #expect(await completes { await cancelled.value })
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .seconds(1))
    #expect(await completes { await kept.value })
    #expect(log.values == ["cancelled cancelled", "kept woke"])
  }
}
