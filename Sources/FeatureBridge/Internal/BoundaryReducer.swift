public import StoreKernel

/// Wraps a feature's reducer so every delegate action leaves the boundary as one output, handed
/// to the host once the reducer has returned (``OutputDelivery``).
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
    let effect = base.reduce(into: &state, action: action)
    guard let output = action.output else { return effect }
    return Self.delivering(output, to: outputs).merge(with: effect)
  }

  @inlinable
  func reduceStoreStart(into state: inout Base.State) -> Effect<Base.Action> {
    base.reduceStoreStart(into: &state)
  }

  @usableFromInline
  static func delivering(
    _ output: Base.Action.Output, to outputs: OutputRoute<Base.Action.Output>
  ) -> Effect<Base.Action> {
    Effect(
      composing: OutputDelivery<Base.Action, Base.Action.Output>(route: outputs, output: output))
  }
}
