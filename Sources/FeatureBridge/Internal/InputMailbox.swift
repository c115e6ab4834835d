import Synchronization

/// Inputs taken from a feature's input stream and waiting for their hop to the store's actor.
///
/// The pump puts inputs in as fast as the stream yields them; the store's actor takes them all
/// at once, so one hop delivers a whole batch, in order. Projection inputs (`.latest(key:)`)
/// replace a waiting one with the same key.
final class InputMailbox<Input: Sendable>: Sendable {
  private struct State {
    var items: [Input?] = []
    var waitingIndex: [String: Int] = [:]
    var deliveryScheduled = false
  }

  private let state = Mutex(State())
  private let delivery: @Sendable (Input) -> InputDelivery

  init(delivery: @escaping @Sendable (Input) -> InputDelivery) {
    self.delivery = delivery
  }

  /// Adds an input; returns `true` when the caller must schedule a delivery.
  func put(_ input: Input) -> Bool {
    let kind = delivery(input)
    return state.withLock { state in
      if case .latest(let key) = kind {
        if let index = state.waitingIndex[key] { state.items[index] = nil }
        state.waitingIndex[key] = state.items.count
      }
      state.items.append(input)
      if state.deliveryScheduled { return false }
      state.deliveryScheduled = true
      return true
    }
  }

  /// Takes every waiting input, in order, and lets the next `put` schedule a new delivery.
  func takeAll() -> [Input] {
    let items = state.withLock { state in
      let items = state.items
      state.items.removeAll(keepingCapacity: true)
      state.waitingIndex.removeAll(keepingCapacity: true)
      state.deliveryScheduled = false
      return items
    }
    return items.compactMap { $0 }
  }
}
