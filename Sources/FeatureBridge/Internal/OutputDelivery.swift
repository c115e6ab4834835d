import StoreKernel

/// Hands a delegate action's output to the host once the feature's reducer has returned: the
/// boundary's reducer returns it as an effect, which the store starts right after the reducer,
/// within the same `send`. The host's handler therefore runs with the feature's state readable
/// (a host that renders what the output announced reads the view store there), and anything it
/// sends the feature is queued behind the action, never handled re-entrantly.
struct OutputDelivery<Action: Sendable, Output: Sendable>: EffectOperator, @unchecked Sendable {
  // SAFETY: `route` is confined to the feature's actor and is only touched in `start`, which
  // the feature's store calls on that actor right after its reducer made this effect. The
  // effect never leaves the boundary's reducer: nothing maps it or sends it elsewhere.
  let route: OutputRoute<Output>
  let output: Output

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    route.emit(output)
    return StoreTask()
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    Effect<Other>(composing: OutputDelivery<Other, Output>(route: route, output: output))
  }

  var isImmediate: Bool { true }
}
