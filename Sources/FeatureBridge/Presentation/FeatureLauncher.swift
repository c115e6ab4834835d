package import StoreKernel

/// How to start a feature that a reducer presents, from the value the parent presents it with:
/// what a feature module offers a parent, and what a test replaces with a fake.
///
/// The feature starts on the parent's actor, in a store of its own, when the parent presents it.
/// Made inside the presentation, its store starts from the parent store's dependencies (its
/// registries, its clock, its effect executor in a test), under the feature's own, and with a
/// `dismiss` that dismisses it in the parent.
///
/// ```swift
/// public static let launcher = FeatureLauncher<Recording, RecorderInput, RecorderOutput> {
///   recording, isolation in
///   RecorderFeature.start(recording, isolation: isolation)
/// }
/// ```
///
/// A parent reads it from its dependencies (`feature: \.recorder`), so the key's `liveValue`
/// is the launcher and a test sets another.
///
/// `Sendable`: it holds a `@Sendable` closure.
public struct FeatureLauncher<Start: Sendable, Input: Sendable, Output: Sendable>: Sendable {
  @usableFromInline let launch: @Sendable (Start, isolated any Actor) -> Feature<Input, Output>
  /// Starts the feature on a slot of a single-store app's root store instead; `nil` for a
  /// launcher made from a closure, whose feature always gets a store of its own.
  @usableFromInline let compose:
    (@Sendable (Start, any FeatureComposer, isolated any Actor) -> Feature<Input, Output>)?

  /// A launcher that starts the feature with `start`.
  ///
  /// - Parameter start: Starts the feature for the value the parent presents, on the actor it
  ///   is given (pass it to the feature's `start`).
  public init(
    _ start:
      @escaping @Sendable (_ value: Start, _ isolation: isolated any Actor) -> Feature<
        Input, Output
      >
  ) {
    launch = start
    compose = nil
  }

  /// A launcher that starts the feature from its recipe: with a store of its own, or, in an
  /// app that is one root store (a ``FeatureComposer`` among the presenting store's
  /// dependencies), on a slot of that store. One declaration serves both builds.
  ///
  /// - Parameter recipe: The feature's recipe for the value the parent presents.
  package init<R: Reducer & SendableMetatype>(
    recipe: @escaping @Sendable (Start) -> FeatureRecipe<R>
  )
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    launch = { value, isolation in recipe(value).start(isolation: isolation) }
    compose = { value, composer, isolation in
      recipe(value).start(composedIn: composer, isolation: isolation)
    }
  }

  /// Starts the feature for `value` on `isolation`: on a slot of the root store when `composer`
  /// is given and the launcher can compose, with a store of its own otherwise.
  func start(
    _ value: Start, composer: (any FeatureComposer)?, isolation: isolated any Actor
  ) -> Feature<Input, Output> {
    if let compose, let composer { return compose(value, composer, isolation) }
    return launch(value, isolation)
  }
}
