/// The engine behind a root store and every store scoped from it: state, reducer, action queue,
/// observers and effect bookkeeping. Confined to the actor in `isolation`.
///
/// The path every action takes (`send`, `process`, `notifyObservers`) is `@inlinable`, so a
/// client module gets it specialized for its own `State` and `Action`: unspecialized, about half
/// of a send was generic metadata lookups (docs/performance.md). Effects, queueing and
/// bookkeeping stay behind `@usableFromInline` calls, out of line.
///
/// The bookkeeping properties the hot path touches are `@exclusivity(unchecked)`: the runtime
/// is confined to one actor, and no user code runs inside any access to them, so two accesses
/// can never overlap. That takes care in two places: appends and plain reads and writes run no
/// user code, but destroying a queued action or a dropped observer can run a user `deinit`
/// (which may send to this store or observe it), so those are destroyed only after the access
/// has ended (`drainQueue`, `removeCancelledObservers`). The dynamic checks cost about 40 of
/// the 114 ns a root send took with them (docs/performance.md). `state` keeps its checks: the
/// reducer mutates it in place, and a reducer that reads its own store meanwhile must still trap.
@usableFromInline
final class StoreRuntime<State, Action: Sendable> {
  @usableFromInline var state: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  let isolation: any Actor
  @usableFromInline let metrics: StoreMetrics
  let dependencies: DependencyScope
  @usableFromInline let dependencyPointer: UnsafeMutableRawPointer

  @usableFromInline @exclusivity(unchecked) var isProcessing = false
  @usableFromInline @exclusivity(unchecked) var queue:
    [(action: Action, pending: PendingStoreTask?)] = []
  @usableFromInline @exclusivity(unchecked) var queueHead = 0
  /// The drained queue's storage, kept for its capacity; see `drainQueue`.
  private var handledQueue: [(action: Action, pending: PendingStoreTask?)] = []
  @usableFromInline @exclusivity(unchecked) var observers: [Observer] = []
  var effects = EffectTable()
  private var throttleWindows: [EffectID: ThrottleWindow] = [:]
  @usableFromInline @exclusivity(unchecked) var changeHook: ((Action, State, State) -> Void)?

  private(set) lazy var reference = RuntimeReference(self)
  private(set) lazy var effectSend: Send<Action> = makeSend()

  @usableFromInline
  struct Observer {
    @usableFromInline let flag: ObservationFlag
    @usableFromInline let body: (State) -> Void
    let onStoreEnd: (() -> Void)?

    init(flag: ObservationFlag, body: @escaping (State) -> Void, onStoreEnd: (() -> Void)?) {
      self.flag = flag
      self.body = body
      self.onStoreEnd = onStoreEnd
    }
  }

  private struct ThrottleWindow {
    var held: Effect<Action>?
    var heldIDs: [EffectID] = []
  }

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
    self.isolation = isolation
    let scope = DependencyScope(dependencies)
    self.dependencies = scope
    self.dependencyPointer = Unmanaged.passUnretained(scope).toOpaque()
  }

  deinit {
    effects.cancelAll()
    for observer in observers { observer.onStoreEnd?() }
  }

  // MARK: - Sending

  @inlinable
  func send(_ action: Action) -> StoreTask {
    StoreMetrics.bump(metrics.actionsReceived)
    if isProcessing { return enqueue(action) }
    isProcessing = true
    let task = process(action)
    if queueHead < queue.count { drainQueue() }
    isProcessing = false
    notifyObservers()
    return task
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
    var tasks = StoreTask()
    if isProcessing {
      for action in actions { tasks.formUnion(send(action)) }
      return tasks
    }
    isProcessing = true
    for action in actions {
      StoreMetrics.bump(metrics.actionsReceived)
      tasks.formUnion(process(action))
      if queueHead < queue.count { drainQueue() }
    }
    isProcessing = false
    notifyObservers()
    return tasks
  }

  @usableFromInline
  func drainQueue() {
    repeat {
      while queueHead < queue.count {
        let next = queue[queueHead]
        queueHead += 1
        let task = process(next.action)
        next.pending?.resolve(task)
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
  func process(_ action: Action) -> StoreTask {
    StoreMetrics.bump(metrics.reducerRuns)
    if changeHook != nil { return processReportingChanges(action) }
    let effect = ReducerDependencies.with(dependencyPointer) { reducer(&state, action) }
    if effect.isNone { return StoreTask() }
    return start(effect, ids: [])
  }

  /// `process` with `printChanges` on: keeps the state before the reducer for the diff.
  @usableFromInline
  func processReportingChanges(_ action: Action) -> StoreTask {
    let before = state
    let effect = ReducerDependencies.with(dependencyPointer) { reducer(&state, action) }
    changeHook?(action, before, state)
    if effect.isNone { return StoreTask() }
    return start(effect, ids: [])
  }

  @inlinable
  func notifyObservers() {
    if observers.isEmpty { return }
    var sawCancelled = false
    // One read of the state for the whole pass: reading the property per observer would copy
    // the root state once per observer.
    let state = state
    for observer in observers {
      if observer.flag.isCancelled {
        sawCancelled = true
        continue
      }
      observer.body(state)
    }
    if sawCancelled { removeCancelledObservers() }
  }

  @usableFromInline
  func removeCancelledObservers() {
    // Filter into a new array and let the old one (with the dropped observers, whose closures
    // may hold objects with a deinit that observes or sends) be destroyed after the write.
    let all = observers
    observers = all.filter { !$0.flag.isCancelled }
  }

  // MARK: - Effects

  @usableFromInline
  func start(_ effect: Effect<Action>, ids: [EffectID]) -> StoreTask {
    switch effect.operation {
    case .none:
      return StoreTask()
    case .send(let action):
      if isProcessing {
        StoreMetrics.bump(metrics.actionsReceived)
        queue.append((action, nil))
        return StoreTask()
      }
      return send(action)
    case .run(let run):
      return StoreTask(.one(spawn(priority: run.priority, ids: ids, run.body)))
    case .merge(let effects):
      return StoreTask(all: effects.map { start($0, ids: ids) })
    case .concatenate:
      let task = spawn(priority: nil, ids: ids) { send in
        await EffectInterpreter.perform(effect, send: send)
      }
      return StoreTask(.one(task))
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      return start(inner, ids: ids + [id])
    case .cancel(let id):
      cancel(id: id)
      return StoreTask()
    case .throttle(let throttle, let inner):
      return start(inner, throttledBy: throttle, ids: ids)
    }
  }

  private func spawn(
    priority: TaskPriority?, ids: [EffectID],
    _ body: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Task<Void, Never> {
    let completion = EffectCompletion()
    let send = effectSend
    let scope = dependencies
    let metrics = metrics
    StoreMetrics.bump(metrics.effectsStarted)
    let task = Task(priority: priority) {
      await EffectDependencies.$current.withValue(scope) { await body(send) }
      if Task.isCancelled {
        metrics.recordEffectEnd(cancelled: true)
      } else {
        metrics.recordEffectEnd(cancelled: false)
      }
      completion.markFinished()
    }
    effects.insert(task: task, completion: completion, ids: ids)
    return task
  }

  func cancel(id: EffectID) {
    effects.cancel(id: id)
    throttleWindows[id] = nil
  }

  private func start(
    _ effect: Effect<Action>, throttledBy throttle: EffectThrottle, ids: [EffectID]
  ) -> StoreTask {
    if var window = throttleWindows[throttle.id] {
      if throttle.latest || window.held == nil {
        window.held = effect
        window.heldIDs = ids
      }
      throttleWindows[throttle.id] = window
      return StoreTask()
    }
    throttleWindows[throttle.id] = ThrottleWindow()
    let started = start(effect, ids: ids + [throttle.id])
    let reference = reference
    let isolation = isolation
    _ = spawn(priority: nil, ids: [throttle.id]) { _ in
      do {
        try await throttle.clock.sleep(for: throttle.interval)
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      await onIsolation(isolation) {
        reference.runtime?.closeThrottleWindow(throttle)
      }
    }
    return started
  }

  private func closeThrottleWindow(_ throttle: EffectThrottle) {
    guard let window = throttleWindows.removeValue(forKey: throttle.id) else { return }
    if let held = window.held {
      _ = start(held, throttledBy: throttle, ids: window.heldIDs)
    }
  }

  private func makeSend() -> Send<Action> {
    let reference = reference
    let isolation = isolation
    return Send(
      deliver: { action in
        await onIsolation(isolation) {
          guard !Task.isCancelled else { return }
          _ = reference.runtime?.send(action)
        }
      },
      schedule: { effect in
        await onIsolation(isolation) {
          reference.runtime?.start(effect, ids: []) ?? StoreTask()
        }
      }
    )
  }
}
