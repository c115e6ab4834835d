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
  /// Makes the feature's first state, when its store is made: with the feature's own
  /// dependencies and its host's (or its presenting store's) in effect, as a `Store`'s
  /// `initialState` is made with the store's.
  @usableFromInline package let initialState: () -> R.State
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
  ///   - initialState: The feature's first state, made when the feature starts, with its
  ///     dependencies (its own, then its host's): a state whose initializer reads a
  ///     dependency, or makes a `@Shared(.fileStorage(…))`, gets the host's overrides.
  ///   - reducer: The feature's reducer.
  ///   - delivery: Declares, per input, whether it is an intent (every one is delivered) or a
  ///     latest-only projection; every input is an intent when `nil`.
  ///   - dependencies: Sets the feature's own dependencies, over those it starts with (its
  ///     host's, or its presenting store's) and under its host's overrides.
  @inlinable
  public init(
    name: String, initialState: @autoclosure @escaping () -> R.State, reducer: R,
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
  ) -> FeatureHandle<Input, Output> {
    operations.start(self, inputs, hostDependencies, isolation)
  }
}
