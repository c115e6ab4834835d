public import StoreKernel

/// Wraps a feature's reducer so every delegate action leaves the boundary as one output.
@usableFromInline
struct BoundaryReducer<Base: Reducer>: Reducer where Base.Action: BoundaryAction {
  @usableFromInline let base: Base
  @usableFromInline let outputs: AsyncStream<Base.Action.Output>.Continuation
  @usableFromInline let counters: BoundaryCounters

  @inlinable
  init(
    base: Base, outputs: AsyncStream<Base.Action.Output>.Continuation, counters: BoundaryCounters
  ) {
    self.base = base
    self.outputs = outputs
    self.counters = counters
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if let output = action.output {
      counters.addOutput()
      outputs.yield(output)
    }
    return base.reduce(into: &state, action: action)
  }
}
