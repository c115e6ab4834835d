import Dispatch
import MultiStorePrimitives

/// A serial executor for effects (`DependencyValues.effectExecutor`): one job at a time on a
/// thread of its own, with a count of the jobs not yet run, so its owner can wait until the
/// effects have done everything they can for now (each has ended, or waits on a clock, an actor
/// or a stream).
///
/// A test store runs its effects on one: that is what makes a `TestClock` deterministic, since
/// after it wakes a sleeper it waits until this executor is idle and the store's actor has
/// handled what the effect sent (docs/decisions/0006-test-store-executor.md). AppShell's script
/// mode runs its stores' effects on one, to know when the app has gone quiet without polling.
///
/// `Sendable`: the count is behind a lock; jobs run on a dispatch queue.
package final class SerialEffectExecutor: TaskExecutor, Sendable {
  private struct State {
    var pending = 0
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var blockedWaiters: [DispatchSemaphore] = []
  }

  private let queue: DispatchQueue
  private let state = LockedValue(State())

  /// An executor whose thread is named `label`.
  package init(label: String) {
    queue = DispatchQueue(label: label)
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.pending += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.jobFinished()
    }
  }

  private func jobFinished() {
    let (waiters, blocked) = state.withLock { state in
      state.pending -= 1
      guard state.pending == 0 else {
        return ([CheckedContinuation<Void, Never>](), [DispatchSemaphore]())
      }
      defer {
        state.idleWaiters = []
        state.blockedWaiters = []
      }
      return (state.idleWaiters, state.blockedWaiters)
    }
    for waiter in waiters { waiter.resume() }
    for semaphore in blocked { semaphore.signal() }
  }

  /// Runs `body` with no new job starting meanwhile (one already running goes on): a test store
  /// checks a step's state change this way, before the effects the step started can change a
  /// shared value.
  package func holdingJobs<Result>(_ body: () -> Result) -> Result {
    queue.suspend()
    defer { queue.resume() }
    return body()
  }

  /// Whether no job is waiting or running.
  package var isIdle: Bool { state.withLock { $0.pending == 0 } }

  /// Returns once no job is waiting or running (at once if none is).
  package func untilIdle() async {
    await withCheckedContinuation { continuation in
      let idle = state.withLock { state in
        if state.pending == 0 { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }

  /// Blocks the calling thread until no job is waiting or running, or `timeout` has passed;
  /// returns whether it became idle. For the one place that cannot await: a test store's
  /// `deinit`.
  package func blockUntilIdle(timeout: Duration) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let idle = state.withLock { state in
      if state.pending == 0 { return true }
      state.blockedWaiters.append(semaphore)
      return false
    }
    if idle { return true }
    let nanoseconds =
      timeout.components.seconds * 1_000_000_000
      + timeout.components.attoseconds / 1_000_000_000
    return semaphore.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
  }

  /// Waits until the effects on this executor, and the actor they send to, have nothing left
  /// to do: the executor is idle, and stays idle after the caller's actor has run every job
  /// queued on it (the effects' hops back to the store).
  ///
  /// Call it on the store's actor. `limit` bounds the rounds, against effects that never rest.
  nonisolated(nonsending) package func settle(limit: Int = 10_000) async {
    for _ in 0..<limit {
      await untilIdle()
      await Task.yield()
      if isIdle { return }
    }
  }
}
