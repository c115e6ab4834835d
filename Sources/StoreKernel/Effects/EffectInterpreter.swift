/// Runs an effect tree inside a task, for the parts that must wait on each other
/// (`concatenate`). Work that needs the store's bookkeeping (cancellation ids, throttles) is
/// handed back to the store through `Send.schedule`.
enum EffectInterpreter {
  static func perform<Action: Sendable>(_ effect: Effect<Action>, send: Send<Action>) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await send(action)
    case .run(let run), .prioritizedRun(_, let run):
      if let dependencies = run.dependencies {
        await EffectDependencies.$current.withValue(dependencies) { await run.body(send) }
      } else {
        await run.body(send)
      }
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await perform(effect, send: send) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        if Task.isCancelled { return }
        await perform(effect, send: send)
      }
    case .cancellable, .cancel, .throttle:
      let task = await send.schedule(effect)
      await withTaskCancellationHandler {
        await task.finish()
      } onCancel: {
        task.cancelWithoutWaiting()
      }
    }
  }
}
