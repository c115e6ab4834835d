/// The engine behind a root store and every store scoped from it: state, reducer, action queue,
/// observers and effect bookkeeping. Confined to the actor in `isolation`.
///
/// The path every action takes (`send`, `process`, `notifyObservers`) is `@inlinable`, so a
/// client module gets it specialized for its own `State` and `Action`: unspecialized, about half
/// of a send was generic metadata lookups (docs/performance.md). Effects, queueing and
/// bookkeeping stay behind `@usableFromInline` calls, out of line.
///
/// The audited runtime: the one type in StoreKernel that skips the runtime's exclusivity checks
/// (the other trick of the hot paths, lending a reference without a retain, lives in
/// `Unretained`). Its unchecked properties, and the argument for each, are these:
///
/// The bookkeeping properties the hot path touches are `@exclusivity(unchecked)`: the runtime
/// is confined to one actor, and no user code runs inside any access to them, so two accesses
/// can never overlap. That takes care in two places: appends and plain reads and writes run no
/// user code, but destroying a queued action or a dropped observer can run a user `deinit`
/// (which may send to this store or observe it), so those are destroyed only after the access
/// has ended (`drainQueue`, `removeCancelledObservers`). The dynamic checks cost about 40 of
/// the 114 ns a root send took with them (docs/performance.md).
///
/// `state` is unchecked too, and guarded by hand instead: the reducer mutates it in place, and
/// a reducer that reads its own store meanwhile (directly, through a scoped store, or by
/// observing it) must still trap. `isReducing` is set for the length of each reducer call and
/// the store's `state` getter traps while it is set; that is every access that could overlap
/// the reducer's, since nothing else writes `state` and the runtime's own reads happen between
/// reducer calls. Two stores of a flag cost less than the dynamic check's begin and end
/// (about 8 ns a send, with its thread-local lookups; docs/performance.md).
///
/// `withStateInPlace` lends the address of `state` for a read of one stored property: the store
/// has checked that no reducer runs, and the caller's closure only loads the property (no user
/// code runs during the access), so nothing writes `state` while the address is lent.
///
/// An observer's last value (`LastSeen`) is unchecked too: only its observer's closure touches
/// it, each access a plain read or write that runs no user code. Checked, it cost 86
/// instructions an observer a pass, more than doubling a pass over 100 observers.
///
/// So are a ``StateVersion``'s count and the count an observer gated on it last saw
/// (`Observer.seen`): the count is bumped by the reducer that owns it and read by the pass,
/// the seen count touched by the pass alone, all on the store's actor, each access a plain
/// load or store of an `Int` that runs no user code.
@usableFromInline
final class StoreRuntime<State, Action: Sendable> {
  @usableFromInline @exclusivity(unchecked) var state: State

  /// Lends the address of `state` to `load`, which only loads a stored property from it (see
  /// the header): a read that copies one property, not the whole state.
  @inlinable
  func withStateInPlace(_ load: (UnsafeRawPointer) -> Void) {
    withUnsafeMutablePointer(to: &state) { load(UnsafeRawPointer($0)) }
  }
  /// Whether the reducer is running, holding `state` in place; see above.
  @usableFromInline @exclusivity(unchecked) var isReducing = false
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  /// The actor the runtime is confined to; weak, as the store's (see `Store.isolation`).
  @usableFromInline weak let isolationReference: (any Actor)?
  @usableFromInline let metrics: StoreMetrics
  @usableFromInline private(set) var dependencies: DependencyScope
  /// `dependencies`, kept unretained for the reducer's per-thread slot; the two are set
  /// together, and `dependencies` owns the scope.
  @usableFromInline @exclusivity(unchecked) private(set) var lentDependencies:
    Unretained<DependencyScope>
  /// `ReducerDependencies`' key, kept here so the hot path reads it from the runtime.
  @usableFromInline let dependencyKey = ReducerDependencies.keyValue

  @usableFromInline @exclusivity(unchecked) var isProcessing = false
  @usableFromInline @exclusivity(unchecked) var queue:
    [(action: Action, pending: PendingStoreTask?)] = []
  @usableFromInline @exclusivity(unchecked) var queueHead = 0
  /// The drained queue's storage, kept for its capacity; see `drainQueue`.
  @usableFromInline var handledQueue: [(action: Action, pending: PendingStoreTask?)] = []
  @usableFromInline @exclusivity(unchecked) var observers: [Observer] = []
  /// How many observers there may be before a registration drops the cancelled ones.
  var observerPruneThreshold = 16
  @usableFromInline var effects = EffectTable()
  /// What operators keep across effects (``EffectRuntime/operatorState(_:make:)``), by type.
  var operatorStates: [ObjectIdentifier: AnyObject] = [:]
  @usableFromInline @exclusivity(unchecked) var changeHook: ((Action, State, State) -> Void)?
  /// The group of the `send` being handled: every effect started meanwhile joins it, so the
  /// `StoreTask` it returns covers them all. `nil` until the first effect starts.
  @usableFromInline @exclusivity(unchecked) var activeGroup: EffectSender<State, Action>?
  /// Where effects run: the global concurrent executor when `nil`.
  @usableFromInline private(set) var effectExecutor: (any TaskExecutor)?

  /// The value an observer last saw, for `Store.observe`'s comparison on every pass.
  ///
  /// A class with an unchecked property rather than a captured `var`, whose box checks
  /// exclusivity dynamically on every pass (docs/performance.md). Two accesses can never
  /// overlap: only the observer's own closure touches it, on the store's actor, and each access
  /// is a plain read or write that runs no user code (the value is copied out before it is
  /// compared, and written before the observer is told).
  @usableFromInline
  final class LastSeen<Value> {
    @usableFromInline @exclusivity(unchecked) var value: Value?

    @usableFromInline
    init() {}
  }

  /// One registered observer: called with the state after every batch of actions, until its
  /// flag is cancelled, and once more with the last state when the store ends.
  ///
  /// An observer with a `gate` is skipped, without a call, on a pass where the gate's count is
  /// the one it last saw: the part of the state it watches has not changed.
  ///
  /// A class, so that a notification pass can lend each observer without a retain (see
  /// `notifyObservers`); one allocation per registration, none per pass.
  @usableFromInline
  final class Observer {
    @usableFromInline let flag: ObservationFlag
    @usableFromInline let body: (State) -> Void
    let onStoreEnd: ((State) -> Void)?
    @usableFromInline let gate: StateVersion?
    /// The gate's count when the observer last saw the state (see the header).
    @usableFromInline @exclusivity(unchecked) var seen: Int

    @usableFromInline
    init(
      flag: ObservationFlag, gate: StateVersion?, body: @escaping (State) -> Void,
      onStoreEnd: ((State) -> Void)?
    ) {
      self.flag = flag
      self.gate = gate
      self.seen = gate?.count ?? 0
      self.body = body
      self.onStoreEnd = onStoreEnd
    }

    /// Whether the part of the state the observer watches may have changed since it last saw
    /// the state; if so, it now counts as seen.
    @inlinable
    func takeChange() -> Bool {
      guard let gate else { return true }
      let count = gate.count
      if count == seen { return false }
      seen = count
      return true
    }
  }

  @usableFromInline private(set) lazy var reference = RuntimeReference(self)
  /// This runtime's identity in ``EffectOwner``, set around each of its effects.
  @usableFromInline let identity = EffectOwner.nextIdentity()

  init(
    state: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>,
    dependencies: DependencyValues,
    metrics: StoreMetrics,
    isolation: any Actor
  ) {
    self.state = state
    self.reducer = reducer
    self.metrics = metrics
    self.isolationReference = isolation
    let scope = DependencyScope(dependencies)
    self.dependencies = scope
    self.lentDependencies = Unretained(scope)
    self.effectExecutor = dependencies.resolvedEffectExecutor
  }

  /// Replaces the dependencies for the actions and effects from now on (a test store's
  /// overrides made after it was created). Effects already running keep theirs.
  func replaceDependencies(with values: DependencyValues) {
    let scope = DependencyScope(values)
    dependencies = scope
    lentDependencies = Unretained(scope)
    effectExecutor = values.resolvedEffectExecutor
  }

  deinit {
    cancelAll()
    for observer in observers { observer.onStoreEnd?(state) }
  }

  /// Runs the reducer's start (``Reducer/reduceStoreStart(into:)``) on the initial state, as
  /// the store is created: before any action, with the store's dependencies, the state held in
  /// place as for an action. Counted as no action and no reducer run; the effects it returns
  /// run as an action's do, and no `send`'s task covers them.
  func begin(_ reduceStart: (inout State) -> Effect<Action>) {
    isProcessing = true
    isReducing = true
    let effect = ReducerDependencies.with(lentDependencies, key: dependencyKey) {
      reduceStart(&state)
    }
    isReducing = false
    if !effect.isNone { _ = start(effect, ids: []) }
    if queueHead < queue.count { drainQueue() }
    isProcessing = false
    activeGroup = nil
  }

  // MARK: - Sending

  @inlinable
  func send(_ action: Action) -> StoreTask {
    StoreMetrics.bump(metrics.actionsReceived)
    if isProcessing { return enqueue(action) }
    isProcessing = true
    process(action)
    if queueHead < queue.count { drainQueue() }
    isProcessing = false
    notifyObservers()
    return activeGroup == nil ? StoreTask() : takeActiveGroup()
  }

  /// The handle on every effect the `send` just handled started, transitively.
  @usableFromInline
  func takeActiveGroup() -> StoreTask {
    guard let group = activeGroup else { return StoreTask() }
    activeGroup = nil
    return StoreTask(.group(group))
  }

  /// The group of the `send` being handled, created when its first effect starts.
  @inlinable
  func currentGroup() -> EffectSender<State, Action> {
    if let group = activeGroup { return group }
    let group = EffectSender(reference: reference, isolation: isolationReference)
    activeGroup = group
    return group
  }

  /// Queues an action sent while the reducer runs; the handle is filled in when it is handled.
  @usableFromInline
  func enqueue(_ action: Action) -> StoreTask {
    let pending = PendingStoreTask()
    queue.append((action, pending))
    return StoreTask(.pending(pending))
  }

  /// Handles every action in order, then notifies observers once for the whole batch.
  @inlinable
  func send(contentsOf actions: some Sequence<Action>) -> StoreTask {
    if isProcessing {
      var tasks = StoreTask()
      for action in actions { tasks.formUnion(send(action)) }
      return tasks
    }
    isProcessing = true
    for action in actions {
      StoreMetrics.bump(metrics.actionsReceived)
      process(action)
      if queueHead < queue.count { drainQueue() }
    }
    isProcessing = false
    notifyObservers()
    return activeGroup == nil ? StoreTask() : takeActiveGroup()
  }

  @inlinable
  func drainQueue() {
    repeat {
      while queueHead < queue.count {
        let next = queue[queueHead]
        queueHead += 1
        process(next.action)
        // A queued `send` shares the group of the `send` being handled: its effects join it.
        if let pending = next.pending {
          pending.resolve(activeGroup.map { StoreTask(.group($0)) } ?? StoreTask())
        }
      }
      // Swap the handled entries out (a move: nothing is destroyed inside the access to
      // `queue`) and destroy them afterwards. An action's deinit may send to this store, which
      // appends to `queue`: then go round again.
      swap(&queue, &handledQueue)
      queueHead = 0
      handledQueue.removeAll(keepingCapacity: true)
    } while !queue.isEmpty
  }

  @inlinable
  func process(_ action: Action) {
    StoreMetrics.bump(metrics.reducerRuns)
    if changeHook != nil { return processReportingChanges(action) }
    isReducing = true
    let effect = ReducerDependencies.with(lentDependencies, key: dependencyKey) {
      reducer(&state, action)
    }
    isReducing = false
    if effect.isNone { return }
    _ = start(effect, ids: [])
  }

  /// `process` with `printChanges` on: keeps the state before the reducer for the diff.
  @usableFromInline
  func processReportingChanges(_ action: Action) {
    let before = state
    isReducing = true
    let effect = ReducerDependencies.with(lentDependencies, key: dependencyKey) {
      reducer(&state, action)
    }
    isReducing = false
    changeHook?(action, before, state)
    if effect.isNone { return }
    _ = start(effect, ids: [])
  }
}

/// A count that grows whenever a part of a store's state may have changed: what a store scoped
/// with `scope(state:action:name:version:)` watches instead of comparing that part. Its
/// observers are skipped, without a call, on a pass where it did not grow.
///
/// Not `Sendable`: confined to the store's actor. Its count is unchecked (see the header of
/// `StoreRuntime`).
@usableFromInline
package final class StateVersion {
  @usableFromInline @exclusivity(unchecked) package private(set) var count = 0

  @inlinable
  package init() {}

  /// The part of the state it stands for may have changed.
  @inlinable
  package func bump() {
    count &+= 1
  }
}
