public import StoreKernel

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
/// A parent names it where it presents the feature (`feature: RecorderFeature.launcher`); a
/// test puts another in its place, in one line, through the dependencies
/// (`DependencyValues[feature:]`, `$0[feature: launcher] = …`): no dependency key per feature.
///
/// Each launcher made by an initializer is one identity: a replacement set for it applies to
/// it alone, and copies of it are the same launcher.
///
/// `Sendable`: it holds `@Sendable` closures and an immutable identity.
public struct FeatureLauncher<Start: Sendable, Input: Sendable, Output: Sendable>: Sendable {
  /// Which launcher this is, for replacements: made once by each initializer.
  let identity = LauncherIdentity()
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

/// The identity of one launcher: its object's address names it among replacements, and the
/// replacement table keeps the object alive, so the address is never reused while it is a key.
///
/// `Sendable`: it has no state.
final class LauncherIdentity: Sendable {}

extension DependencyValues {
  /// The launcher presentations use in place of `launcher`: `launcher` itself unless a
  /// replacement was set. A parent's test sets a fake in one line:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
  ///   $0[feature: RecorderFeature.launcher] = .fake { _ in [.stopped(seconds: 9)] }
  /// }
  /// ```
  ///
  /// The replacement holds for every presentation of `launcher` by stores with these
  /// dependencies, and for the features they present in turn (a presented feature's store
  /// starts from its parent's dependencies).
  ///
  /// - Parameter launcher: The launcher a parent presents its feature with.
  public subscript<Start: Sendable, Input: Sendable, Output: Sendable>(
    feature launcher: FeatureLauncher<Start, Input, Output>
  ) -> FeatureLauncher<Start, Input, Output> {
    get {
      let replacements = self[FeatureReplacementsKey.self]
      if replacements.byLauncher.isEmpty { return launcher }
      let replacement = replacements.byLauncher[ObjectIdentifier(launcher.identity)]
      return replacement?.launcher as? FeatureLauncher<Start, Input, Output> ?? launcher
    }
    set {
      self[FeatureReplacementsKey.self].byLauncher[ObjectIdentifier(launcher.identity)] =
        FeatureReplacements.Replacement(identity: launcher.identity, launcher: newValue)
    }
  }
}

/// The launchers replaced in a set of dependency values, by the identity of the one replaced.
///
/// `Sendable`: its values are.
struct FeatureReplacements: Sendable {
  struct Replacement: Sendable {
    /// Kept so that the key's address stays this launcher's.
    let identity: LauncherIdentity
    let launcher: any Sendable
  }

  var byLauncher: [ObjectIdentifier: Replacement] = [:]
}

private enum FeatureReplacementsKey: DependencyKey {
  static var liveValue: FeatureReplacements { FeatureReplacements() }
  static var testValue: FeatureReplacements { FeatureReplacements() }
}
