// Public so that `ObservationFlag` can be read from `@inlinable` code (`Store.send`); nothing
// from it appears in StoreKernel's public API.
public import Synchronization

/// Runs `body` on `actor`. Awaiting this from another isolation domain is the one hop an effect
/// pays to deliver an action to its store.
@inlinable @inline(__always)
package func onIsolation<Result>(_ actor: isolated any Actor, _ body: () -> Result) -> Result {
  body()
}

/// A weak reference to a store's runtime that effects can hold without keeping it alive.
@usableFromInline
final class RuntimeReference<State, Action: Sendable>: @unchecked Sendable {
  // SAFETY: `runtime` is written once, in `init`, and only dereferenced inside
  // `onIsolation(runtime's isolation)`, i.e. on the actor that owns the runtime. Loading a weak
  // reference is itself thread-safe in the Swift runtime.
  @usableFromInline weak var runtime: StoreRuntime<State, Action>?

  init(_ runtime: StoreRuntime<State, Action>) {
    self.runtime = runtime
  }
}

/// Set when an effect's task ends, so the runtime can prune its bookkeeping without a hop.
@usableFromInline
final class EffectCompletion: Sendable {
  private let finished = Atomic<Bool>(false)
  @usableFromInline init() {}
  var isFinished: Bool { finished.load(ordering: .acquiring) }
  @usableFromInline func markFinished() { finished.store(true, ordering: .releasing) }
}

/// Shared by an observer's registration and its token; the runtime skips and drops observers
/// whose flag is cancelled.
@usableFromInline
final class ObservationFlag: Sendable {
  @usableFromInline let cancelled = Atomic<Bool>(false)
  @inlinable var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
  @usableFromInline init() {}
  func cancel() { cancelled.store(true, ordering: .relaxed) }
}
