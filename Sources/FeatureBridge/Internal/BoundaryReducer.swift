internal import StoreKernel

/// Wraps a feature's reducer so every delegate action leaves the boundary as one output.
struct BoundaryReducer<Base: Reducer>: Reducer where Base.Action: BoundaryAction {
  let base: Base
  let outputs: AsyncStream<Base.Action.Output>.Continuation
  let counters: BoundaryCounters

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if let output = action.output {
      counters.addOutput()
      outputs.yield(output)
    }
    return base.reduce(into: &state, action: action)
  }
}
