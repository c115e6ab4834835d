import MultiStorePrimitives
// Public so that the counters can be bumped from `@inlinable` code (`Store.send`); nothing
// from it appears in StoreKernel's public API.
public import Synchronization

/// One store's counters.
///
/// Counters written only on the store's actor (actions, reducer runs, derivations,
/// notifications, effects started) are single-writer: a relaxed load and store, which compiles
/// to a plain increment with no lock and no read-modify-write instruction, yet stays free of data
/// races when the registry reads it from another thread. Effect outcomes are written by the
/// effect's own task, and may come after the store has left its registry (an effect cancelled
/// when its store was released ends a moment later): they are kept under a lock, with the
/// registry they are forwarded to once the store has left it, so each is counted there exactly
/// once.
@usableFromInline
package final class StoreMetrics: Sendable {
  package let name: String
  @usableFromInline let actionsReceived = Atomic<Int>(0)
  @usableFromInline let reducerRuns = Atomic<Int>(0)
  @usableFromInline let stateDerivations = Atomic<Int>(0)
  @usableFromInline let notifications = Atomic<Int>(0)
  @usableFromInline let effectsStarted = Atomic<Int>(0)
  private let outcomes = LockedValue(EffectOutcomes())

  private struct EffectOutcomes {
    var finished = 0
    var cancelled = 0
    /// The registry the store has left, which hears every outcome from then on.
    var retiredInto: StoreRegistry?
  }

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
    let registry = outcomes.withLock { outcomes in
      if cancelled { outcomes.cancelled += 1 } else { outcomes.finished += 1 }
      return outcomes.retiredInto
    }
    registry?.recordEffectEnd(of: name, cancelled: cancelled)
  }

  /// The counts now, and from now on every effect outcome is forwarded to `registry` as well:
  /// the store has left it. Called by the registry, once.
  func retire(into registry: StoreRegistry) -> StoreEvents {
    outcomes.withLock { outcomes in
      outcomes.retiredInto = registry
      return events(with: outcomes)
    }
  }

  package var events: StoreEvents {
    outcomes.withLock { events(with: $0) }
  }

  private func events(with outcomes: EffectOutcomes) -> StoreEvents {
    var events = StoreEvents()
    events.actionsReceived = actionsReceived.load(ordering: .relaxed)
    events.reducerRuns = reducerRuns.load(ordering: .relaxed)
    events.stateDerivations = stateDerivations.load(ordering: .relaxed)
    events.notifications = notifications.load(ordering: .relaxed)
    events.effectsStarted = effectsStarted.load(ordering: .relaxed)
    events.effectsFinished = outcomes.finished
    events.effectsCancelled = outcomes.cancelled
    return events
  }
}
