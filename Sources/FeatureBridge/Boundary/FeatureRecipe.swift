public import StoreKernel

/// Everything that makes a feature, before it runs: its name, first state, reducer, input
/// delivery rule and dependencies. A feature module's public `start` starts its recipe behind a
/// boundary; an app in the same package can also compose recipes under one root store (the
/// single-store build), from the same description.
///
/// `package`: a recipe names the feature's reducer and state, which are not public. It is
/// `@usableFromInline`, with its properties, so that its inlinable members are inlined in the
/// feature's module: Swift accepts `@inlinable` on a member of a plain `package` type but never
/// inlines or specializes it in another module.
@usableFromInline
package struct FeatureRecipe<R: Reducer> where R.Action: BoundaryAction {
  @usableFromInline package typealias Input = R.Action.Input
  @usableFromInline package typealias Output = R.Action.Output

  @usableFromInline package let name: String
  @usableFromInline package let initialState: R.State
  @usableFromInline package let reducer: R
  @usableFromInline package let delivery: (@Sendable (Input) -> InputDelivery)?
  /// Sets the feature's own dependencies (its storage, its shared values).
  @usableFromInline package let dependencies: (inout DependencyValues) -> Void

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
  /// Always inlined, so the feature's store, delivery and view store run code specialized for
  /// its state and actions where the recipe is started with a known reducer (the feature
  /// module's public `start`, the app's declaration). `@inlinable` alone is not enough: Swift
  /// does not specialize a generic function that takes an `isolated` parameter, and run
  /// generic, a keystroke in the notes costs several times more (docs/performance.md).
  @inline(__always) @inlinable
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

  /// Starts the feature on a slot of a single-store app's root store, behind the same boundary
  /// as ``start(inputs:withDependencies:isolation:)`` gives it with a store of its own. Its
  /// reducer and its effects see the dependencies in effect here (the presenting store's, with
  /// the presentation's `dismiss`) under the feature's own.
  ///
  /// - Parameters:
  ///   - composer: The root store's composer.
  ///   - isolation: The root store's actor.
  /// - Returns: The running feature.
  @inline(__always) @inlinable
  package func start(
    composedIn composer: any FeatureComposer, isolation: isolated any Actor = #isolation
  ) -> Feature<Input, Output> {
    var values = DependencyValues.current
    dependencies(&values)
    let featureValues = values
    let initialState = initialState
    let name = name
    let ending = SlotEnding()
    return Feature.start(
      name: name, reducer: reducer.transformDependency { $0 = featureValues },
      delivery: delivery, dependencies: featureValues,
      composedBy: { reduce in
        let slot = composer.compose(name: name, initialState: initialState, reduce: reduce)
        ending.end = slot.end
        return slot.store
      },
      endEffects: { ending.end() },
      isolation: isolation)
  }
}

/// How to end a feature's slot, known once the slot is made.
///
/// Not `Sendable`: confined to the root store's actor.
@usableFromInline
final class SlotEnding {
  @usableFromInline var end: () -> Void = {}

  @usableFromInline
  init() {}
}
