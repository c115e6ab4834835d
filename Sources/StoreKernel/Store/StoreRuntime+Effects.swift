extension StoreRuntime {
  /// Starts `effect` (marked with the cancellation `ids` of its enclosing effects) and returns
  /// a handle on the tasks it started directly. Every task also joins the group of the `send`
  /// being handled, whose handle covers what those tasks lead to.
  ///
  /// Inlinable, so the common effects (`.send`, `.run`, `.merge`) start in code specialized
  /// for the store's types: an action fed back with `.send` is handled by the specialized
  /// `process`, and an effect's task, its `Send` and the actions it delivers run specialized
  /// too. The effects that need the store's bookkeeping are started out of line.
  @inlinable
  func start(_ effect: Effect<Action>, ids: [EffectID]) -> StoreTask {
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
    default:
      return startWithBookkeeping(effect, ids: ids)
    }
  }

  /// `start` for the effects that need the store's bookkeeping (ids, throttles) or a task of
  /// their own (concatenations): rarer and heavier, so not worth specializing.
  @usableFromInline
  func startWithBookkeeping(_ effect: Effect<Action>, ids: [EffectID]) -> StoreTask {
    switch effect.operation {
    case .none, .send, .run, .merge:
      return start(effect, ids: ids)
    case .prioritizedRun(let priority, let run):
      return StoreTask(
        .one(spawn(priority: priority, ids: ids, dependencies: run.dependencies, run.body)))
    case .concatenate(let effects):
      return startConcatenation(effects, ids: ids)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      return start(inner, ids: ids.marked(with: id))
    case .cancel(let id):
      cancel(id: id)
      return StoreTask()
    case .throttle(let throttle, let inner):
      return start(inner, throttledBy: throttle, ids: ids)
    }
  }

  /// Effects one after the other. The leading effects that finish at once (`.send`, `.cancel`
  /// and their merges) are handled now, in order, before `send` returns, as TCA does; the rest
  /// run in one task, each starting when the previous one has ended.
  private func startConcatenation(_ effects: [Effect<Action>], ids: [EffectID]) -> StoreTask {
    guard let firstAsynchronous = effects.firstIndex(where: { !$0.isImmediate }) else {
      for effect in effects { _ = start(effect, ids: ids) }
      return StoreTask()
    }
    for effect in effects[..<firstAsynchronous] { _ = start(effect, ids: ids) }
    let rest = Effect<Action>(.concatenate(Array(effects[firstAsynchronous...])))
    // The parts the task hands back to the store (cancellables, throttles) are marked with the
    // concatenation's ids too, so cancelling an enclosing id (or removing the child it belongs
    // to) reaches what they started, a held throttled effect included.
    let send = currentGroup().send(scheduling: ids)
    let task = spawn(priority: nil, ids: ids, dependencies: nil) { _ in
      await EffectInterpreter.perform(rest, send: send)
    }
    return StoreTask(.one(task))
  }

  /// Starts a task for an effect's work, registered under `ids` and in the active group.
  @inlinable
  func spawn(
    priority: TaskPriority?, ids: [EffectID], dependencies effectDependencies: DependencyScope?,
    _ body: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Task<Void, Never> {
    let completion = EffectCompletion()
    let group = currentGroup()
    let send = group.send
    let scope = effectDependencies ?? dependencies
    let metrics = metrics
    StoreMetrics.bump(metrics.effectsStarted)
    // The same body twice, rather than one closure passed to both: a closure handed on is
    // wrapped again, one more allocation per effect.
    let task: Task<Void, Never>
    if let effectExecutor {
      task = Task(executorPreference: effectExecutor, priority: priority) {
        await EffectDependencies.with(scope) { await body(send) }
        metrics.recordEffectEnd(cancelled: Task.isCancelled)
        completion.markFinished()
        // The task refers to its preferred executor without retaining it: keep the executor
        // alive until the task's last job has run on it, even if its store is gone by then.
        withExtendedLifetime(effectExecutor) {}
      }
    } else {
      task = Task(priority: priority) {
        await EffectDependencies.with(scope) { await body(send) }
        metrics.recordEffectEnd(cancelled: Task.isCancelled)
        completion.markFinished()
      }
    }
    effects.insert(task: task, completion: completion, ids: ids)
    group.add(task, completion: completion)
    return task
  }

  func cancel(id: EffectID) {
    effects.cancel(id: id)
    throttles[id]?.held = nil
  }

  /// An action an effect sends back: handled like any `send`, its effects joining `group`.
  @inlinable
  func deliver(_ action: Action, joining group: EffectSender<State, Action>) {
    let previous = activeGroup
    activeGroup = group
    _ = send(action)
    activeGroup = previous
  }

  /// Part of a running concatenation that needs the store's bookkeeping (ids, throttles),
  /// marked with the concatenation's enclosing `ids`.
  func schedule(
    _ effect: Effect<Action>, ids: [EffectID], joining group: EffectSender<State, Action>
  ) -> StoreTask {
    let previous = activeGroup
    activeGroup = group
    let task = start(effect, ids: ids)
    activeGroup = previous
    return task
  }
}

extension Effect {
  /// Whether starting this effect completes it at once: nothing of it runs later.
  var isImmediate: Bool {
    switch operation {
    case .none, .send, .cancel: return true
    case .merge(let effects), .concatenate(let effects): return effects.allSatisfy(\.isImmediate)
    case .cancellable(_, _, let inner): return inner.isImmediate
    case .run, .prioritizedRun, .throttle: return false
    }
  }
}
