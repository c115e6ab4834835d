// Public so that the counters can be bumped from `@inlinable` code (`Store.send`); nothing
// from it appears in StoreKernel's public API.
public import Synchronization

/// One store's counters.
///
/// Counters written only on the store's actor (actions, reducer runs, derivations,
/// notifications, effects started) are single-writer: a relaxed load and store, which compiles
/// to a plain increment with no lock and no read-modify-write instruction, yet stays free of data
/// races when the registry reads it from another thread. Effect outcomes are written by the
/// effect's own task and use an atomic add.
@usableFromInline
package final class StoreMetrics: Sendable {
  package let name: String
  @usableFromInline let actionsReceived = Atomic<Int>(0)
  @usableFromInline let reducerRuns = Atomic<Int>(0)
  @usableFromInline let stateDerivations = Atomic<Int>(0)
  @usableFromInline let notifications = Atomic<Int>(0)
  @usableFromInline let effectsStarted = Atomic<Int>(0)
  let effectsFinished = Atomic<Int>(0)
  let effectsCancelled = Atomic<Int>(0)

  @usableFromInline
  init(name: String) {
    self.name = name
  }

  @inlinable @inline(__always)
  static func bump(_ counter: borrowing Atomic<Int>, by amount: Int = 1) {
    counter.store(counter.load(ordering: .relaxed) &+ amount, ordering: .relaxed)
  }

  /// Called by an effect's own task when it ends, off the store's actor: an atomic add.
  @usableFromInline
  func recordEffectEnd(cancelled: Bool) {
    if cancelled {
      effectsCancelled.add(1, ordering: .relaxed)
    } else {
      effectsFinished.add(1, ordering: .relaxed)
    }
  }

  package var events: StoreEvents {
    var events = StoreEvents()
    events.actionsReceived = actionsReceived.load(ordering: .relaxed)
    events.reducerRuns = reducerRuns.load(ordering: .relaxed)
    events.stateDerivations = stateDerivations.load(ordering: .relaxed)
    events.notifications = notifications.load(ordering: .relaxed)
    events.effectsStarted = effectsStarted.load(ordering: .relaxed)
    events.effectsFinished = effectsFinished.load(ordering: .relaxed)
    events.effectsCancelled = effectsCancelled.load(ordering: .relaxed)
    return events
  }
}
