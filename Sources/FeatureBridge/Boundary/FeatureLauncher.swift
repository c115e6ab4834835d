public import StoreKernel

/// How to make a feature, from the value it starts with: the one value a feature module
/// publishes. A host starts the feature with it (``start(_:inputs:withDependencies:isolation:)``),
/// a parent presents it (`ifLet(_:action:feature:)`), a test replaces it with a fake.
///
/// ```swift
/// public static let launcher = FeatureLauncher { (recording: Recording) in
///   FeatureRecipe(name: "Recorder", initialState: RecorderState(), reducer: RecorderReducer())
/// }
/// ```
///
/// Presented, the feature runs in a store of its own or composed into the parent's store, as
/// the host chose (``FeatureHosting``), from the parent store's dependencies (its registries,
/// its clock, its effect executor in a test), under the feature's own, with a `dismiss` that
/// dismisses it in the parent.
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
  @usableFromInline let launch:
    @Sendable (
      _ value: Start, _ inputs: AsyncStream<Input>?,
      _ hostDependencies: (inout DependencyValues) -> Void, _ isolation: isolated any Actor
    ) -> FeatureHandle<Input, Output>
  /// How to compose the feature into the store that presents it; `nil` for a launcher made
  /// from a closure (a fake, say), whose feature always gets a store of its own.
  @usableFromInline let composition: FeatureComposition<Start, Input, Output>?

  /// A launcher that starts the feature with `start`, always in a store of its own: what a
  /// fake is made from.
  ///
  /// - Parameter start: Starts the feature for the value the parent presents, on the actor it
  ///   is given.
  public init(
    _ start:
      @escaping @Sendable (_ value: Start, _ isolation: isolated any Actor) -> FeatureHandle<
        Input, Output
      >
  ) {
    launch = { value, inputs, hostDependencies, isolation in
      let feature = withDependencies(hostDependencies) { start(value, isolation) }
      if let inputs {
        let sender = feature.input
        Task {
          for await input in inputs { sender.send(input) }
        }
      }
      return feature
    }
    composition = nil
  }

  /// A launcher that makes the feature from its recipe: what a feature module publishes. A
  /// host starts it in a store of its own (``start(_:inputs:withDependencies:isolation:)``); a
  /// parent that presents it runs it in a store of its own or composed into the parent's store,
  /// as the host chose (``FeatureHosting``). The recipe names the feature's state and reducer,
  /// which stay internal to its module.
  ///
  /// - Parameter recipe: The feature's recipe for the value it is started or presented with.
  @inlinable
  public init<R: Reducer & SendableMetatype>(
    recipe: @escaping @Sendable (Start) -> FeatureRecipe<R>
  )
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    launch = { value, inputs, hostDependencies, isolation in
      recipe(value).start(inputs: inputs, withDependencies: hostDependencies, isolation: isolation)
    }
    composition = FeatureComposition(recipe: recipe)
  }

  /// Starts the feature in a store of its own, on the caller's actor: how a host runs a
  /// feature. Its store has the feature's own dependencies, then the host's.
  ///
  /// ```swift
  /// let recorder = RecorderFeature.launcher.start(Recording(id: 1)) { $0.clock = clock }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to start the feature with.
  ///   - inputs: A stream of inputs, if the host has one (it can also send them through the
  ///     feature's `input`).
  ///   - hostDependencies: The host's overrides, applied last.
  ///   - isolation: The host's actor, where the feature's store lives.
  /// - Returns: The running feature.
  public func start(
    _ value: Start,
    inputs: AsyncStream<Input>? = nil,
    withDependencies hostDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> FeatureHandle<Input, Output> {
    launch(value, inputs, hostDependencies, isolation)
  }
}

extension FeatureLauncher where Start == Void {
  /// Starts a feature that needs no start value, in a store of its own, on the caller's actor:
  /// ``start(_:inputs:withDependencies:isolation:)`` with `()`.
  ///
  /// ```swift
  /// let feature = FeatureLauncher { (_: Void) in
  ///   FeatureRecipe(name: "Document", initialState: DocumentState(), reducer: DocumentReducer())
  /// }.start()
  /// ```
  ///
  /// - Parameters:
  ///   - inputs: A stream of inputs, if the host has one (it can also send them through the
  ///     feature's `input`).
  ///   - hostDependencies: The host's overrides, applied last.
  ///   - isolation: The host's actor, where the feature's store lives.
  /// - Returns: The running feature.
  public func start(
    inputs: AsyncStream<Input>? = nil,
    withDependencies hostDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> FeatureHandle<Input, Output> {
    launch((), inputs, hostDependencies, isolation)
  }
}

extension FeatureLauncher {
  /// This launcher, for a parent that presents the feature with values of another type:
  /// `transform` makes the value the feature starts with from the parent's. It composes as this
  /// one does; a test replaces it, not this one (it is a launcher of its own).
  ///
  /// ```swift
  /// let launcher = RecorderFeature.launcher.starting { (number: Int) in Recording(id: number) }
  /// ```
  ///
  /// - Parameter transform: Makes the feature's start value from the parent's.
  /// - Returns: The launcher that the parent presents.
  public func starting<Other: Sendable>(
    from transform: @escaping @Sendable (Other) -> Start
  ) -> FeatureLauncher<Other, Input, Output> {
    FeatureLauncher<Other, Input, Output>(
      launch: { [launch] value, inputs, hostDependencies, isolation in
        launch(transform(value), inputs, hostDependencies, isolation)
      },
      composition: composition?.starting(from: transform))
  }

  private init(
    launch:
      @escaping @Sendable (
        _ value: Start, _ inputs: AsyncStream<Input>?,
        _ hostDependencies: (inout DependencyValues) -> Void, _ isolation: isolated any Actor
      ) -> FeatureHandle<Input, Output>,
    composition: FeatureComposition<Start, Input, Output>?
  ) {
    self.launch = launch
    self.composition = composition
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
