/// Runs an effect tree inside a task that is already running, for the parts that must wait on
/// each other (a concatenation). Operators run themselves (``EffectOperator/perform(sending:)``):
/// most hand themselves back to the store through `Send.schedule`, since they need its
/// bookkeeping.
enum EffectInterpreter {
  static func perform<Action: Sendable>(_ effect: Effect<Action>, send: Send<Action>) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await send(action)
    case .run(let run):
      await run.perform(sending: send)
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await perform(effect, send: send) }
        }
      }
    case .composed(let composed):
      await composed.perform(sending: send)
    }
  }
}

extension Effect.Run {
  /// Runs the work in the current task, with the dependencies it was created with.
  func perform(sending send: Send<Action>) async {
    if let dependencies {
      await EffectDependencies.$current.withValue(dependencies) { await body(send) }
    } else {
      await body(send)
    }
  }
}
