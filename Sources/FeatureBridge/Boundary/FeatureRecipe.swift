package import StoreKernel

/// Everything that makes a feature, before it runs: its name, first state, reducer, input
/// delivery rule and dependencies. A feature module's public `start` starts its recipe behind a
/// boundary; an app in the same package can also compose recipes under one root store (the
/// single-store build), from the same description.
///
/// `package`: a recipe names the feature's reducer and state, which are not public.
package struct FeatureRecipe<R: Reducer> where R.Action: BoundaryAction {
  package typealias Input = R.Action.Input
  package typealias Output = R.Action.Output

  package let name: String
  package let initialState: R.State
  package let reducer: R
  package let delivery: (@Sendable (Input) -> InputDelivery)?
  /// Sets the feature's own dependencies (its storage, its shared values).
  package let dependencies: (inout DependencyValues) -> Void

  @inlinable
  package init(
    name: String, initialState: R.State, reducer: R,
    delivery: (@Sendable (Input) -> InputDelivery)? = nil,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.name = name
    self.initialState = initialState
    self.reducer = reducer
    self.delivery = delivery
    self.dependencies = dependencies
  }

  /// Starts the feature behind a boundary: its dependencies first, then the host's.
  ///
  /// Inlinable, so the feature's store, delivery and view store run code specialized for its
  /// state and actions where the recipe is started with a known reducer (the feature module's
  /// public `start`). Compiled here, generic, a keystroke in the notes took 20 µs instead of 1
  /// (docs/performance.md).
  @inlinable
  package func start(
    inputs: AsyncStream<Input>? = nil,
    withDependencies hostDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> Feature<Input, Output> {
    Feature.start(
      name: name, initialState: initialState, reducer: reducer, inputs: inputs,
      delivery: delivery,
      withDependencies: {
        dependencies(&$0)
        hostDependencies(&$0)
      },
      isolation: isolation)
  }
}
