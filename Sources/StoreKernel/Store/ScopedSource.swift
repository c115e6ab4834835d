/// How a scoped store reaches its root: closures composed once, at scope time, in the module
/// that called `scope` (where every type is known, so they run specialized).
///
/// A `send` goes to the root's runtime in one step: `deliver` embeds the action through every
/// level's `embed` and calls the runtime, with no `Store.send` per level in between (TCA ≥ 1.5
/// does the same: a scoped store holds its root and transforms on access). Each level still
/// counts the action it received, as it did when every level forwarded to its parent:
/// `countReceived(by:)` bumps this store's counter and its scoped ancestors' (a counter bump a
/// level, not a call). Reads, observations and the bookkeeping calls still go through the
/// parent, so each level counts the derivations it makes.
///
/// A class, not a struct: copying a struct of many closures out of `Store.source` would retain
/// and release each of them.
@usableFromInline
final class ScopedSource<State, Action: Sendable> {
  let parent: AnyObject
  @usableFromInline let read: () -> State
  /// Embeds the action into the root's actions and sends it to the root's runtime.
  @usableFromInline let deliver: (Action) -> StoreTask
  /// `deliver` for a batch, handled by the root as one batch.
  @usableFromInline let deliverBatch: ([Action]) -> StoreTask
  /// The counters of the scoped stores between this one and its root, parent first, kept
  /// unretained (a retain and a release per level per action, otherwise): each belongs to an
  /// ancestor store, which `parent` keeps alive.
  @usableFromInline let ancestorMetrics: [Unretained<StoreMetrics>]
  /// Registers an observer with the root, wrapped by every scope on the way: its flag, the
  /// count that gates it (see `Store.observeState`), its body and its end.
  @usableFromInline
  let observe:
    (ObservationFlag, StateVersion?, @escaping (State) -> Void, ((State) -> Void)?) -> Void
  let setChangeHook: (@escaping @Sendable (String) -> Void) -> Void
  let runningEffectCount: () -> Int
  let runningTasks: () -> [Task<Void, Never>]

  @usableFromInline
  init(
    parent: AnyObject,
    read: @escaping () -> State,
    deliver: @escaping (Action) -> StoreTask,
    deliverBatch: @escaping ([Action]) -> StoreTask,
    ancestorMetrics: [Unretained<StoreMetrics>],
    observe:
      @escaping (ObservationFlag, StateVersion?, @escaping (State) -> Void, ((State) -> Void)?)
      -> Void,
    setChangeHook: @escaping (@escaping @Sendable (String) -> Void) -> Void,
    runningEffectCount: @escaping () -> Int,
    runningTasks: @escaping () -> [Task<Void, Never>]
  ) {
    self.parent = parent
    self.read = read
    self.deliver = deliver
    self.deliverBatch = deliverBatch
    self.ancestorMetrics = ancestorMetrics
    self.observe = observe
    self.setChangeHook = setChangeHook
    self.runningEffectCount = runningEffectCount
    self.runningTasks = runningTasks
  }

  /// Counts one received action at this level (`metrics`, the scoped store's own counters)
  /// and at every scoped level above it; the root's runtime counts its own.
  @inlinable @inline(__always)
  func countReceived(by metrics: StoreMetrics) {
    StoreMetrics.bump(metrics.actionsReceived)
    for ancestor in ancestorMetrics {
      ancestor.lend { StoreMetrics.bump($0.actionsReceived) }
    }
  }
}

extension Store {
  /// How a child of this store reaches the root: `deliver` and `deliverBatch` for the child's
  /// actions (composed from this store's own and `embed`), and the counters of the scoped
  /// stores from this one up.
  @inlinable
  func pathToRoot<ChildAction>(
    embedding embed: @escaping (ChildAction) -> Action
  ) -> (
    deliver: (ChildAction) -> StoreTask, deliverBatch: ([ChildAction]) -> StoreTask,
    ancestorMetrics: [Unretained<StoreMetrics>]
  ) {
    switch source {
    case .root(let runtime):
      return (
        { runtime.send(embed($0)) },
        { runtime.send(contentsOf: $0.lazy.map(embed)) },
        []
      )
    case .scoped(let scoped):
      let deliver = scoped.deliver
      let deliverBatch = scoped.deliverBatch
      return (
        { deliver(embed($0)) },
        { deliverBatch($0.map(embed)) },
        [Unretained(metrics)] + scoped.ancestorMetrics
      )
    }
  }
}
