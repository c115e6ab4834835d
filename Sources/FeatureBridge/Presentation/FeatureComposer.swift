public import StoreKernel

/// Where the features a reducer presents run when the app is one root store (the single-store
/// build): on slots of that store, instead of in stores of their own. The root store offers
/// one through its dependencies (``StoreKernel/DependencyValues/featureComposer``); a presented
/// feature whose launcher was made from its recipe (``FeatureLauncher/init(recipe:)``) then
/// starts on a slot, behind the same boundary as in a store of its own.
///
/// Not `Sendable`: it belongs to the root store's actor, like the store.
@usableFromInline
package protocol FeatureComposer: AnyObject {
  /// Adds a slot holding `initialState`, whose actions `reduce` handles when the root store
  /// receives them.
  ///
  /// - Parameters:
  ///   - name: The feature's name, for the scoped store.
  ///   - initialState: The feature's first state.
  ///   - reduce: The feature's reducer, inside its boundary.
  /// - Returns: A store scoped to the slot, and how to end the slot: its effects cancelled,
  ///   the slot taken out of the root (its state stays readable through the scoped store).
  func compose<State, Action: Sendable>(
    name: String, initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>
  ) -> (store: Store<State, Action>, end: () -> Void)
}

/// A ``FeatureComposer`` carried in dependency values, which must be `Sendable`.
///
/// `@unchecked Sendable`: see the SAFETY note.
package struct FeatureComposerReference: @unchecked Sendable {
  // SAFETY: the composer is made by the root store's owner on the root store's actor and used
  // only there: by the presentation operator, which runs on the presenting store's actor, the
  // root's (a scoped store has no runtime of its own). No other code reads it.
  package let composer: any FeatureComposer

  /// Carries `composer`.
  package init(_ composer: any FeatureComposer) {
    self.composer = composer
  }
}

extension DependencyValues {
  /// Where presented features run in a single-store app; `nil` (the default) gives each one a
  /// store of its own.
  package var featureComposer: FeatureComposerReference? {
    get { self[FeatureComposerKey.self] }
    set { self[FeatureComposerKey.self] = newValue }
  }
}

private enum FeatureComposerKey: DependencyKey {
  static var liveValue: FeatureComposerReference? { nil }
  static var testValue: FeatureComposerReference? { nil }
}
