extension Effect {
  /// `run` with an explicit priority, made out of line (the operator is not inlinable).
  @usableFromInline
  static func prioritized(_ priority: TaskPriority, _ run: Run) -> Self {
    Self(.composed(PrioritizedRun(priority: priority, run: run)))
  }
}

/// A `.run` with an explicit priority: `.run(priority:operation:)`. An operator rather than a
/// primitive so that `.run`'s payload stays small (`TaskPriority`'s size is known only at run
/// time; see `Effect.Operation`).
struct PrioritizedRun<Action: Sendable>: EffectOperator {
  let priority: TaskPriority
  let run: Effect<Action>.Run

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    StoreTask(
      .one(runtime.spawn(priority: priority, ids: ids, dependencies: run.dependencies, run.body)))
  }

  func perform(sending send: Send<Action>) async {
    await run.perform(sending: send)
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    // A run holds no effect: what changes is the action type, which `transform` carries only
    // through effects. Rebuild the run as an effect and take its work back out.
    let mapped = transform.effect(Effect(.run(run)))
    guard case .run(let other) = mapped.operation else { return mapped }
    return Effect<Other>(.composed(PrioritizedRun<Other>(priority: priority, run: other)))
  }
}
