/// The runtime of a feature: holds its state, runs its reducer for each action, starts the
/// effects the reducer returns, and tells observers when what they watch has changed.
///
/// A store lives in one isolation domain: the actor it is created on (captured with
/// `#isolation`). The host chooses that actor: the main actor for a UI, its own actor for a
/// terminal or server host. Every method is synchronous and must be called on that actor; the
/// compiler keeps the store there because it is not `Sendable`. Effects run off the actor and
/// hop back only to deliver actions.
///
/// ```swift
/// @MainActor func makeCounter() -> Store<Int, CounterAction> {
///   Store(initialState: 0, reducer: Counter())
/// }
/// ```
///
/// Actions sent while the reducer runs (for example from a dependency) are queued and handled
/// in order, never re-entrantly. Releasing the last reference to a root store (and to every
/// store scoped from it) cancels its effects.
///
/// Not `Sendable`: confined to its actor.
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  @usableFromInline
  enum Source {
    case root(StoreRuntime<State, Action>)
    case scoped(ScopedSource<State, Action>)
  }

  /// The same object as `source`, kept unretained, for `send`.
  ///
  /// Binding `source`'s payload in a `switch` copies the reference out: a retain and a release
  /// on every action, a third of a root `send` once the rest was gone (docs/performance.md).
  /// `send` borrows the object for the call instead (`Unretained`). Its owner is `source` (a
  /// `let`, the same object for as long as this store lives), and the caller of a method keeps
  /// the store alive for the call.
  @usableFromInline
  enum LentSource {
    case root(Unretained<StoreRuntime<State, Action>>)
    case scoped(Unretained<ScopedSource<State, Action>>)
  }

  @usableFromInline let source: Source
  @usableFromInline let lentSource: LentSource
  @usableFromInline let metrics: StoreMetrics
  /// Where this store counts: its host's registry, or ``StoreRegistry/shared``.
  public let registry: StoreRegistry
  /// The actor this store is confined to.
  ///
  /// Held weakly, like everything of the store's that refers to it: an actor often owns the
  /// store it runs (a server session that owns its feature), and a strong reference back would
  /// keep both alive forever once dropped.
  public var isolation: any Actor {
    guard let actor = confinement.current else { Self.actorReleased() }
    return actor
  }

  /// The actor, held weakly, and the check that the caller is on it.
  let confinement: IsolationCheck

  /// Creates a root store.
  ///
  /// - Parameters:
  ///   - initialState: The state the feature starts in, made with the store's dependencies (as
  ///     in TCA): a state whose initializer reads `@Dependency(\.uuid)` gets the store's.
  ///   - reducer: The feature's logic.
  ///   - name: The store's name in instrumentation; defaults to the state type's name.
  ///   - prepareDependencies: Overrides dependencies for this store and its effects; set
  ///     ``DependencyValues/storeRegistry`` to count this store into its host's registry.
  ///   - isolation: The actor the store is confined to; defaults to the caller's.
  @inline(__always) @inlinable
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    name: String? = nil,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) where R.State == State, R.Action == Action {
    // The closure is formed here, in the caller's module, where `R` is known: the reducer then
    // runs specialized for its types on every action (formed inside the kernel, it would run a
    // generic copy, and a generic reducer wrapper such as a feature boundary's would look up
    // type metadata on every call). This initializer is always inlined for the same reason:
    // Swift does not specialize a generic function that takes an `isolated` parameter, even an
    // inlinable one, so a call that is not inlined would form the closure in generic code.
    self.init(
      initialState: initialState,
      reduce: { reducer.reduce(into: &$0, action: $1) },
      start: { reducer.reduceStoreStart(into: &$0) },
      name: name ?? String(describing: State.self),
      withDependencies: prepareDependencies,
      isolation: isolation)
  }

  /// Creates a root store in TCA's shape, the reducer in a trailing closure:
  /// `Store(initialState: Feature.State()) { Feature() }`. The same as
  /// ``init(initialState:reducer:name:withDependencies:isolation:)``.
  ///
  /// - Parameters:
  ///   - initialState: The state the feature starts in, made with the store's dependencies.
  ///   - reducer: Makes the feature's logic: one reducer, or several, run in order (a
  ///     ``ReducerBuilder`` block).
  ///   - name: The store's name in instrumentation; defaults to the state type's name.
  ///   - prepareDependencies: Overrides dependencies for this store and its effects.
  ///   - isolation: The actor the store is confined to; defaults to the caller's.
  @inline(__always) @inlinable
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    name: String? = nil,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: reducer(), name: name,
      withDependencies: prepareDependencies, isolation: isolation)
  }

  @usableFromInline
  init(
    initialState: () -> State,
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    start: (inout State) -> Effect<Action>,
    name: String,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void,
    isolation: any Actor
  ) {
    // A store made inside `withDependencies` starts from its overrides, as in TCA.
    var dependencies = DependencyValues.forNewStore
    prepareDependencies(&dependencies)
    let prepared = dependencies
    let initialState = withDependencies {
      $0 = prepared
    } operation: {
      initialState()
    }
    let metrics = StoreMetrics(name: name)
    self.metrics = metrics
    self.registry = dependencies.storeRegistry
    self.confinement = IsolationCheck(isolation)
    let runtime = StoreRuntime(
      state: initialState,
      reducer: reduce,
      dependencies: dependencies,
      metrics: metrics,
      isolation: isolation
    )
    self.source = .root(runtime)
    self.lentSource = .root(Unretained(runtime))
    registry.register(metrics)
    runtime.begin(start)
  }

  @usableFromInline
  init(
    scoped: ScopedSource<State, Action>, name: String, registry: StoreRegistry,
    isolation: any Actor
  ) {
    self.metrics = StoreMetrics(name: name)
    self.source = .scoped(scoped)
    self.lentSource = .scoped(Unretained(scoped))
    self.registry = registry
    self.confinement = IsolationCheck(isolation)
    registry.register(metrics)
  }

  deinit {
    registry.unregister(metrics)
  }

  /// The store's current state. On a scoped store, each read derives it from the parent.
  ///
  /// Reading it while the store's reducer runs (from the reducer, or from code it calls) is a
  /// programming error and traps: the reducer holds the state in place.
  @inlinable
  public var state: State {
    switch source {
    case .root(let runtime):
      checkIsolation()
      if runtime.isReducing { Self.stateReadWhileReducing() }
      return runtime.state
    case .scoped(let scoped):
      StoreMetrics.bump(metrics.stateDerivations)
      return scoped.read()
    }
  }

  /// Reads one stored property of the state in place, with the checks of ``state``: `load`
  /// gets the address of the state, and must only load the property from it (no user code
  /// runs meanwhile). A root store lends its own state, so the rest of the state is not
  /// copied (a copy retains every reference the state holds); a scoped store derives its state
  /// as ``state`` does and lends the copy.
  ///
  /// - Parameter load: Loads the property from the state's address.
  @inlinable
  package func withStateInPlace(_ load: (UnsafeRawPointer) -> Void) {
    switch source {
    case .root(let runtime):
      checkIsolation()
      if runtime.isReducing { Self.stateReadWhileReducing() }
      runtime.withStateInPlace(load)
    case .scoped(let scoped):
      StoreMetrics.bump(metrics.stateDerivations)
      var state = scoped.read()
      withUnsafeMutablePointer(to: &state) { load(UnsafeRawPointer($0)) }
    }
  }

  /// Traps, naming the misuse, when the caller is not on the store's actor: a read from another
  /// thread (possible only by opting out of the compiler's isolation checks) could tear the
  /// state. Checked on every read, so the misuse is caught where it happens, not only when it
  /// overlaps a reducer run.
  /// Once the actor is gone nothing can run on it, so there is nothing to check.
  @usableFromInline
  func checkIsolation() {
    confinement.check(
      "A store's state was read off the actor the store is confined to. A store, and everything "
        + "made from it (scoped stores, view stores), is used on its actor only "
        + "(docs/decisions/0001-store-isolation.md, Traps).")
  }

  /// Whether the current task is running one of this root store's effects (or a task such an
  /// effect started): a wait for the store's effects from here would wait for itself. A scoped
  /// store answers `false`.
  package var isCurrentTaskItsEffect: Bool {
    guard case .root(let runtime) = source, let owner = EffectOwner.current else { return false }
    return owner == runtime.identity
  }

  /// Whether this root store's reducer is running now (on the store's actor): its state cannot
  /// be read until the reducer returns. A scoped store answers `false`.
  package var isReducerRunning: Bool {
    if case .root(let runtime) = source { return runtime.isReducing }
    return false
  }

  static func actorReleased() -> Never {
    preconditionFailure(
      "A store was used after the actor it is confined to was released: a store lives on one "
        + "actor, and only code on that actor can reach it (docs/decisions/0001-store-isolation.md, "
        + "Traps).")
  }

  @usableFromInline
  static func stateReadWhileReducing() -> Never {
    preconditionFailure(
      "A store's state was read while its reducer was running: a reducer must not read its own "
        + "store (it is handed the state), directly, through a scoped store, a view store or by "
        + "observing it; read the state it is handed, and do host work after the reducer has "
        + "returned (docs/decisions/0001-store-isolation.md, Traps).")
  }

  /// Reads a property of the current state: `store.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Handles `action` now: runs the reducer, starts its effects, notifies observers whose
  /// value changed, and returns a handle on the started effects.
  ///
  /// - Parameter action: The action to handle.
  /// - Returns: A handle to await or cancel the effects; empty (free) when there are none.
  @inlinable @discardableResult
  public func send(_ action: Action) -> StoreTask {
    switch lentSource {
    case .root(let runtime):
      return runtime.lend { $0.send(action) }
    case .scoped(let scoped):
      return scoped.lend { scoped in
        scoped.countReceived(by: metrics)
        return scoped.deliver(action)
      }
    }
  }

  /// Handles every action in order and notifies observers once for the batch: a burst of input
  /// (a paste, a queue of boundary inputs) costs one observer pass, not one per action.
  ///
  /// - Parameter actions: The actions to handle, in order.
  /// - Returns: A handle on the effects every action started; empty (free) when there are none.
  @inlinable @discardableResult
  public func send(contentsOf actions: some Sequence<Action>) -> StoreTask {
    switch source {
    case .root(let runtime):
      return runtime.send(contentsOf: actions)
    case .scoped(let scoped):
      var forwarded: [Action] = []
      forwarded.reserveCapacity(actions.underestimatedCount)
      for action in actions {
        scoped.countReceived(by: metrics)
        forwarded.append(action)
      }
      return scoped.deliverBatch(forwarded)
    }
  }

  /// The store's name in instrumentation.
  public var name: String { metrics.name }

  /// The store's counts since it was created.
  public var events: StoreEvents { metrics.events }

  /// The store's counters themselves, which outlive the store: a boundary keeps them so its
  /// metrics still count effects that end (cancelled) after the store is released.
  package var eventCounters: StoreMetrics { metrics }

  /// The store's name and counts.
  public var snapshot: StoreSnapshot { StoreSnapshot(name: name, events: events) }

  /// How many effects started by this store (or its root) are still running. Package-only:
  /// `TestStore` and the package's tests read it; a host waits with a feature's `settle()`.
  @usableFromInline package var runningEffectCount: Int {
    switch source {
    case .root(let runtime): return runtime.effects.runningCount
    case .scoped(let scoped): return scoped.runningEffectCount()
    }
  }

  /// Waits until every effect started by this store's runtime has ended, including effects
  /// started meanwhile. Package-only: a test tool.
  nonisolated(nonsending) package func finishEffects() async {
    while true {
      let tasks: [Task<Void, Never>]
      switch source {
      case .root(let runtime): tasks = runtime.effects.runningTasks
      case .scoped(let scoped): tasks = scoped.runningTasks()
      }
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
    }
  }
}

extension Store {
  /// The root store's instance of an operator's state (``EffectRuntime/operatorState(_:make:)``),
  /// if an operator made one: how the host of a feature reaches what the feature's effects set
  /// up (the features it presents, to stop them before it stops). A scoped store answers with
  /// its root's (through its parents).
  package func existingOperatorState<Value: AnyObject>(_ type: Value.Type) -> Value? {
    // Stored under its own type's identifier: the checked cast cannot fail.
    existingOperatorState(for: ObjectIdentifier(type)).map { $0 as! Value }
  }

  /// Cancels every effect this store's runtime is running (and ends what is attached to their
  /// ids, such as the features a root store presents).
  public func cancelRunningEffects() {
    guard case .root(let runtime) = source else {
      for task in runningTasksForScope() { task.cancel() }
      return
    }
    runtime.cancelAll()
  }
}

extension Store {
  /// Cancels the running effects marked with `id` (`.cancellable(id:)`), as `.cancel(id:)`
  /// returned by the reducer would, from outside any `send`. A scoped store does nothing.
  ///
  /// - Parameter id: The id the effects were marked with.
  package func cancelEffects(markedWith id: some Hashable & Sendable) {
    guard case .root(let runtime) = source else { return }
    runtime.cancel(id: EffectID(id))
  }
}

/// A store of any state and action, asked for its root's operator state: how a scoped store
/// reaches it through a parent it holds untyped.
protocol OperatorStateReaching: AnyObject {
  func existingOperatorState(for key: ObjectIdentifier) -> AnyObject?
}

extension Store: OperatorStateReaching {
  func existingOperatorState(for key: ObjectIdentifier) -> AnyObject? {
    switch source {
    case .root(let runtime): runtime.operatorStates[key]
    case .scoped(let scoped):
      (scoped.parent as? any OperatorStateReaching)?.existingOperatorState(for: key)
    }
  }
}
