import MultiStorePrimitives

/// A clock whose time and sleepers the test moves by hand, one step at a time: `now` changes
/// only when the test sets it, and a sleeper wakes only when the test calls ``wakeAll()``,
/// whatever time it is. For ordering the runtime must get right between a timer waking and its
/// hop back to the store (a `TestClock` advances and settles in one step).
///
/// `Sendable`: its state is behind a lock.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextSleeper = 0
    var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    /// Sleepers cancelled before they had registered.
    var cancelled: Set<Int> = []
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedValue(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// Sets the time; wakes nobody.
  func set(_ offset: Duration) {
    state.withLock { $0.now = Instant(offset: offset) }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state in
      state.nextSleeper += 1
      return state.nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (registered, ready) = state.withLock { state in
          if state.cancelled.remove(id) != nil {
            return (false, [CheckedContinuation<Void, Never>]())
          }
          state.sleepers[id] = continuation
          let count = state.sleepers.count
          let ready = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
          state.sleeperWaiters.removeAll { $0.count <= count }
          return (true, ready)
        }
        if !registered { continuation.resume(throwing: CancellationError()) }
        for waiter in ready { waiter.resume() }
      }
    } onCancel: {
      // This sleeper ends at once; the others stay asleep.
      let sleeper = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelled.insert(id)
          return CheckedContinuation<Void, any Error>?.none
        }
        return sleeper
      }
      sleeper?.resume(throwing: CancellationError())
    }
  }

  /// Returns once at least `count` tasks are asleep on this clock.
  func untilSleeping(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.sleepers.count >= count { return true }
        state.sleeperWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Wakes every sleeper.
  func wakeAll() {
    let all = state.withLock { state in
      defer { state.sleepers = [:] }
      return Array(state.sleepers.values)
    }
    for sleeper in all { sleeper.resume() }
  }
}
