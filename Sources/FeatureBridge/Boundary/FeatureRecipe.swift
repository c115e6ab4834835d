public import StoreKernel

/// Everything that makes a feature, before it runs: its name, first state, reducer, input
/// delivery rule and dependencies. A feature module makes its launcher from it
/// (``FeatureLauncher/init(recipe:)``), the one value it publishes: the recipe names the
/// feature's state and reducer, which stay internal to the module.
///
/// ```swift
/// public static let launcher = FeatureLauncher { (recording: Recording) in
///   FeatureRecipe(name: "Recorder", initialState: RecorderState(), reducer: RecorderReducer())
/// }
/// ```
///
/// Not `Sendable`: it holds the feature's state, and its dependencies closure, as they are.
public struct FeatureRecipe<R: Reducer> where R.Action: BoundaryAction {
  @usableFromInline package typealias Input = R.Action.Input
  @usableFromInline package typealias Output = R.Action.Output

  @usableFromInline package let name: String
  @usableFromInline package let initialState: R.State
  @usableFromInline package let reducer: R
  @usableFromInline package let delivery: (@Sendable (Input) -> InputDelivery)?
  /// Sets the feature's own dependencies (its storage, its shared values).
  @usableFromInline package let dependencies: (inout DependencyValues) -> Void

  /// The feature's specialized code (``FeatureOperations``), formed here: a recipe is made
  /// where its reducer's type is known (the feature module's launcher), so each way to start
  /// it runs specialized wherever it is started from.
  @usableFromInline let operations: FeatureOperations<R>

  /// A feature's recipe.
  ///
  /// - Parameters:
  ///   - name: The feature's name, in instrumentation and in its store's name.
  ///   - initialState: The feature's first state.
  ///   - reducer: The feature's reducer.
  ///   - delivery: Declares, per input, whether it is an intent (every one is delivered) or a
  ///     latest-only projection; every input is an intent when `nil`.
  ///   - dependencies: Sets the feature's own dependencies, over those it starts with (its
  ///     host's, or its presenting store's) and under its host's overrides.
  @inlinable
  public init(
    name: String, initialState: R.State, reducer: R,
    delivery: (@Sendable (R.Action.Input) -> InputDelivery)? = nil,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.name = name
    self.initialState = initialState
    self.reducer = reducer
    self.delivery = delivery
    self.dependencies = dependencies
    operations = FeatureOperations()
  }

  /// Starts the feature behind a boundary, in a store of its own: its dependencies first, then
  /// the host's.
  ///
  /// - Parameters:
  ///   - inputs: A stream of inputs, if the host has one.
  ///   - hostDependencies: The host's overrides, applied last.
  ///   - isolation: The host's actor, where the feature's store lives.
  /// - Returns: The running feature.
  @usableFromInline
  package func start(
    inputs: AsyncStream<Input>? = nil,
    withDependencies hostDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> Feature<Input, Output> {
    operations.start(self, inputs, hostDependencies, isolation)
  }

  /// Makes a feature's slot in a root store: given the feature's name, first state and reducer
  /// (inside its boundary), it adds a slot holding the state, whose actions the reducer handles
  /// when the root store receives them, and returns a store scoped to the slot and how to end
  /// the slot (``FeatureComposer/compose(name:initialState:reduce:)``).
  @usableFromInline package typealias Compose = (
    _ name: String, _ initialState: R.State,
    _ reduce: @escaping (inout R.State, R.Action) -> Effect<R.Action>
  ) -> (store: Store<R.State, R.Action>, end: () -> Void)

  /// Starts the feature on a slot of a single-store app's root store, behind the same boundary
  /// as ``start(inputs:withDependencies:isolation:)`` gives it with a store of its own. Its
  /// reducer and its effects see `dependencies` (by default those in effect here: a presenting
  /// store's, with the presentation's `dismiss`), then the feature's own, then the host's.
  ///
  /// - Parameters:
  ///   - composer: The root store's composer.
  ///   - dependencies: The values under the feature's own; by default those in effect here.
  ///   - hostDependencies: The host's overrides, applied last.
  ///   - isolation: The root store's actor.
  /// - Returns: The running feature.
  package func start(
    composedIn composer: any FeatureComposer,
    dependencies: DependencyValues = .current,
    withDependencies hostDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> Feature<Input, Output> {
    start(
      composedBy: { composer.compose(name: $0, initialState: $1, reduce: $2) },
      dependencies: dependencies, withDependencies: hostDependencies, isolation: isolation)
  }

  /// Starts the feature on a slot that `compose` makes, as
  /// ``start(composedIn:dependencies:withDependencies:isolation:)`` does with a composer's. An
  /// app that knows both the feature's types and its root store's forms `compose` there, so the
  /// slot's store runs code specialized for both (a composer reached through
  /// `any FeatureComposer` runs generic code).
  ///
  /// - Parameters:
  ///   - compose: Makes the feature's slot.
  ///   - dependencies: The values under the feature's own; by default those in effect here.
  ///   - hostDependencies: The host's overrides, applied last.
  ///   - isolation: The root store's actor.
  /// - Returns: The running feature.
  package func start(
    composedBy compose: @escaping Compose,
    dependencies: DependencyValues = .current,
    withDependencies hostDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> Feature<Input, Output> {
    operations.startComposed(self, compose, dependencies, hostDependencies, isolation)
  }
}
