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
  }

  /// Starts the feature for `value` on `isolation`.
  func start(_ value: Start, isolation: isolated any Actor) -> Feature<Input, Output> {
    launch(value, isolation)
  }
}
