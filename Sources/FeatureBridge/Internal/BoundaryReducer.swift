public import StoreKernel

/// Wraps a feature's reducer so every delegate action leaves the boundary as one output.
@usableFromInline
struct BoundaryReducer<Base: Reducer>: Reducer where Base.Action: BoundaryAction {
  @usableFromInline let base: Base
  @usableFromInline let outputs: OutputRoute<Base.Action.Output>

  @inlinable
  init(base: Base, outputs: OutputRoute<Base.Action.Output>) {
    self.base = base
    self.outputs = outputs
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if let output = action.output { outputs.emit(output) }
    return base.reduce(into: &state, action: action)
  }
}
