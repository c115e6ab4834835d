import StoreKernel
public import Testing

extension TestStore {
  /// Waits for every running effect to end (at most `timeout`), then checks nothing was left
  /// unasserted, as TCA's `finish` does in both modes.
  ///
  /// Exhaustive: an effect still running after `timeout` fails the test at the `send` that
  /// started it, and is cancelled; so do received actions not asserted. Non-exhaustive: the
  /// wait is the same, then effects still running are cancelled and actions not received are
  /// dropped without a failure (shown as known issues with `.off(showSkippedAssertions: true)`).
  /// A non-exhaustive wait ends early when every running effect is asleep on the ``TestClock``
  /// that drives the store: nothing can happen before the test advances it, so waiting out
  /// the timeout would change nothing.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func finish(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await executor.settle()
    let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
    while store.runningEffectCount > 0, ContinuousClock.now < deadline {
      if exhaustivity != .on, effectsWaitOnlyOnTheTestClock { break }
      await TaskWait.any(store.runningTasks, until: deadline)
      await executor.settle()
    }
    if exhaustivity == .on {
      reportRunningEffects(otherwise: sourceLocation)
    } else if store.runningEffectCount > 0 {
      reportSkipped(
        "\(store.runningEffectCount) effect(s) still running at the end of the test were "
          + "cancelled.", sourceLocation: sourceLocation)
      recorder.sends.removeAll()
    }
    store.cancelRunningEffects()
    await untilCancelledEffectsEnd()
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        Issue.record(Comment(rawValue: unreceivedMessage()), sourceLocation: sourceLocation)
      } else {
        reportSkipped(unreceivedMessage(), sourceLocation: sourceLocation)
      }
    }
    dropReceivedActions()
    reportUnassertedSharedChanges(at: sourceLocation)
  }

  /// Whether every running effect is asleep on the test clock whose executor runs them, so
  /// none can go on before the test advances it. Counted, not traced: sleepers of another store
  /// on the same clock count too, so it is only used where stopping early fails nothing.
  private var effectsWaitOnlyOnTheTestClock: Bool {
    guard let clock = store.dependencyValues.clockOverride as? TestClock,
      clock.testExecutor === executor, executor.isIdle
    else { return false }
    return clock.sleeperCount >= store.runningEffectCount
  }

  /// What an exhaustive test store checks when it is released without ``finish()``: every
  /// received action was asserted and no effect is still running. `send` and `receive` already
  /// let the effects reach their next rest, so there is nothing to wait for: a `deinit` cannot
  /// await, and blocking the thread it runs on (often the main actor's) would stall every other
  /// test. A test that cancels an effect awaits `StoreTask.cancel()`, which returns once the
  /// effect has ended.
  func checkAtRelease() {
    guard exhaustivity == .on else {
      store.cancelRunningEffects()
      return
    }
    if !recorder.received.isEmpty {
      Issue.record(Comment(rawValue: unreceivedMessage()), sourceLocation: createdAt)
    }
    reportRunningEffects(otherwise: createdAt)
    store.cancelRunningEffects()
    reportUnassertedSharedChanges(at: createdAt)
  }

  /// Reports each effect still running at the `send` that started it (or that started the
  /// action it came from); effects no send accounts for are reported at `location`.
  private func reportRunningEffects(otherwise location: SourceLocation) {
    let running = store.runningEffectCount
    guard running > 0 else { return }
    var reported = false
    for send in recorder.sends where send.task.isRunning {
      reported = true
      Issue.record(
        Comment(
          rawValue: "An effect returned for \(send.action) is still running. It must end "
            + "before the test does: receive its actions, advance the clock it waits on, "
            + "cancel it, or await `store.finish()`."),
        sourceLocation: send.location)
    }
    if !reported {
      Issue.record(
        Comment(
          rawValue: "\(running) effect(s) still running at the end of the test. Receive their "
            + "actions, cancel them, or await `store.finish()`."),
        sourceLocation: location)
    }
    recorder.sends.removeAll()
  }
}

extension Store {
  /// The tasks of the effects still running.
  var runningTasks: [Task<Void, Never>] { runningTasksForScope() }
}

/// Waiting for tasks with a deadline: the tasks themselves are left running when it passes.
enum TaskWait {
  /// Returns when any task in `tasks` has ended or `deadline` has passed.
  static func any(_ tasks: [Task<Void, Never>], until deadline: ContinuousClock.Instant) async {
    guard !tasks.isEmpty else { return }
    _ = await completes(until: deadline) {
      let (ended, signal) = AsyncStream<Void>.makeStream()
      for task in tasks {
        Task {
          await task.value
          signal.yield()
        }
      }
      var iterator = ended.makeAsyncIterator()
      _ = await iterator.next()
      signal.finish()
    }
  }
}
