extension StoreRuntime {
  /// Starts `effect` (marked with the cancellation `ids` of its enclosing effects) and returns
  /// a handle on the tasks it started directly. Every task also joins the group of the `send`
  /// being handled, whose handle covers what those tasks lead to.
  ///
  /// Inlinable, so the common effects (`.send`, `.run`, `.merge`) start in code specialized
  /// for the store's types: an action fed back with `.send` is handled by the specialized
  /// `process`, and an effect's task, its `Send` and the actions it delivers run specialized
  /// too. Operators (``EffectOperator``) are started out of line.
  @inlinable
  package func start(_ effect: Effect<Action>, ids: [EffectID]) -> StoreTask {
    switch effect.operation {
    case .none:
      return StoreTask()
    case .send(let action):
      if isProcessing {
        StoreMetrics.bump(metrics.actionsReceived)
        queue.append((action, nil))
      } else {
        // Started by a running concatenation or a throttle: handled now, its effects joining
        // the active group; there is nothing of it left to wait for.
        let group = activeGroup
        _ = send(action)
        activeGroup = group
      }
      return StoreTask()
    case .run(let run):
      return StoreTask(
        .one(spawn(priority: nil, ids: ids, dependencies: run.dependencies, run.body)))
    case .merge(let effects):
      return StoreTask(all: effects.map { start($0, ids: ids) })
    case .composed(let composed):
      return start(composed, ids: ids)
    }
  }

  /// `start` for an operator: out of line, since operators are rarer and heavier than the
  /// primitives (and run through their protocol anyway).
  @usableFromInline
  func start(_ composed: any EffectOperator<Action>, ids: [EffectID]) -> StoreTask {
    composed.start(in: self, ids: ids)
  }

  /// Starts a task for an effect's work, registered under `ids` and in the active group.
  @inlinable
  package func spawn(
    priority: TaskPriority?, ids: [EffectID], dependencies effectDependencies: DependencyScope?,
    _ body: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Task<Void, Never> {
    let completion = EffectCompletion()
    let group = currentGroup()
    let send = group.send
    let scope = effectDependencies ?? dependencies
    let metrics = metrics
    let owner = identity
    StoreMetrics.bump(metrics.effectsStarted)
    // The same body twice, rather than one closure passed to both: a closure handed on is
    // wrapped again, one more allocation per effect.
    let task: Task<Void, Never>
    if let effectExecutor {
      task = Task(executorPreference: effectExecutor, priority: priority) {
        await EffectOwner.with(owner) {
          await EffectDependencies.with(scope) { await body(send) }
        }
        metrics.recordEffectEnd(cancelled: Task.isCancelled)
        completion.markFinished()
        // The task refers to its preferred executor without retaining it: keep the executor
        // alive until the task's last job has run on it, even if its store is gone by then.
        withExtendedLifetime(effectExecutor) {}
      }
    } else {
      task = Task(priority: priority) {
        await EffectOwner.with(owner) {
          await EffectDependencies.with(scope) { await body(send) }
        }
        metrics.recordEffectEnd(cancelled: Task.isCancelled)
        completion.markFinished()
      }
    }
    effects.insert(task: task, completion: completion, ids: ids)
    group.add(task, completion: completion)
    return task
  }

  @usableFromInline
  package func cancel(id: EffectID) {
    // Attached lifetimes end once the table is no longer accessed: they run user code.
    let ended = effects.cancel(id: id)
    for end in ended { end(.byID) }
  }

  /// Cancels every effect and ends every attached lifetime (the store stops, or goes).
  func cancelAll() {
    let ended = effects.cancelAll()
    for end in ended { end(.all) }
  }

  /// An action an effect sends back: handled like any `send`, its effects joining `group`.
  @inlinable
  func deliver(_ action: Action, joining group: EffectSender<State, Action>) {
    let previous = activeGroup
    activeGroup = group
    _ = send(action)
    activeGroup = previous
  }
}

extension StoreRuntime: EffectRuntime {
  @usableFromInline
  package func send(scheduling ids: [EffectID]) -> Send<Action> {
    currentGroup().send(scheduling: ids)
  }

  @usableFromInline
  package func revisit() -> any EffectRevisiting<Action> {
    currentGroup()
  }

  @usableFromInline
  package var isolation: (any Actor)? { isolationReference }

  @usableFromInline
  package var dependencyValues: DependencyValues { dependencies.values }

  @usableFromInline
  package func attach(ids: [EffectID], onCancel: @escaping (EffectCancellation) -> Void) {
    effects.attach(ids: ids, completion: EffectCompletion(), onCancel: onCancel)
  }

  @usableFromInline
  package func sink() -> any ActionSink<Action> {
    RuntimeSink(reference: reference, isolation: isolationReference)
  }

  @usableFromInline
  package func operatorState<Value: AnyObject>(_ type: Value.Type, make: () -> Value) -> Value {
    let key = ObjectIdentifier(type)
    if let existing = operatorStates[key] {
      // Stored under its own type's identifier: always a `Value`, so the checked cast cannot
      // fail (an operator's state is looked up once per effect it starts, not per action).
      return existing as! Value
    }
    let made = make()
    operatorStates[key] = made
    return made
  }

  /// Part of a running concatenation handed back to the store, marked with the
  /// concatenation's enclosing `ids`, as part of the `send` that started it (`group`).
  func schedule(
    _ effect: Effect<Action>, ids: [EffectID], joining group: EffectSender<State, Action>
  ) -> StoreTask {
    joining(group) { start(effect, ids: ids) }
  }

  /// Runs `body` as part of the `send` whose group is `group`: what it starts joins it.
  func joining<Result>(_ group: EffectSender<State, Action>, _ body: () -> Result) -> Result {
    let previous = activeGroup
    activeGroup = group
    defer { activeGroup = previous }
    return body()
  }
}

/// A store's ``ActionSink``: a weak reference to its runtime and its actor.
struct RuntimeSink<State, Action: Sendable>: ActionSink {
  let reference: RuntimeReference<State, Action>
  weak let isolation: (any Actor)?

  init(reference: RuntimeReference<State, Action>, isolation: (any Actor)?) {
    self.reference = reference
    self.isolation = isolation
  }

  func sendOnActor(_ action: Action) -> StoreTask {
    // The caller is on the store's actor (see `ActionSink`), where the runtime is confined.
    reference.runtime?.send(action) ?? StoreTask()
  }

  func send(_ action: Action) async {
    guard let isolation else { return }
    await onIsolation(isolation) { _ = reference.runtime?.send(action) }
  }
}
