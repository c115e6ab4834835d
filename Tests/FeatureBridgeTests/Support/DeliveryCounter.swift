import Dispatch
import FeatureBridge
import MultiStorePrimitives
import StoreKernel

/// Counts how many inputs the boundary's pump has taken from the input stream: the pump asks
/// the delivery policy once per input, just before it puts the input in its mailbox. A test
/// can block its thread (and so its actor) until the pump has taken a number of inputs.
///
/// `Sendable`: the count and the waiter are behind a lock.
final class DeliveryCounter: Sendable {
  private struct State {
    var taken = 0
    var waiter: (count: Int, semaphore: DispatchSemaphore)?
  }

  private let state = LockedValue(State())

  /// How many inputs the pump has taken so far.
  var count: Int { state.withLock { $0.taken } }

  /// Wraps `policy` so every decision is counted.
  func counting(
    _ policy: @escaping @Sendable (TallyInput) -> InputDelivery = TallyFeature.delivery
  ) -> @Sendable (TallyInput) -> InputDelivery {
    { input in
      let reached = self.state.withLock { state -> DispatchSemaphore? in
        state.taken += 1
        guard let waiter = state.waiter, state.taken >= waiter.count else { return nil }
        state.waiter = nil
        return waiter.semaphore
      }
      reached?.signal()
      return policy(input)
    }
  }

  /// Blocks the calling thread, without suspending, until the pump has taken `count` inputs:
  /// the caller's actor stays busy meanwhile, so nothing it would run (the delivery hop) runs.
  /// Returns whether that happened within `timeLimit`, which only bounds a failure.
  func blockUntil(taken count: Int, timeLimit: Duration = .seconds(60)) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let reached = state.withLock { state in
      if state.taken >= count { return true }
      state.waiter = (count, semaphore)
      return false
    }
    if reached { return true }
    let (seconds, attoseconds) = timeLimit.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    return semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
  }
}
