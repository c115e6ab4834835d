/// The state of a feature composed into the store that presents it, kept beside the value it
/// was presented with (in ``PresentationState`` or ``StackState``): FeatureBridge's composed
/// hosting puts it there and runs the feature's reducer on it. The kernel only carries it.
///
/// A value: `storage` is a box that FeatureBridge copies before it writes to one that another
/// value shares, so a copy of the parent's state never sees a later change.
///
/// `@unchecked Sendable`: see the SAFETY note.
@usableFromInline
package struct ComposedState: @unchecked Sendable {
  // SAFETY: the box is written only while this value holds its only reference (FeatureBridge
  // copies it first otherwise), on the actor of the store whose state holds it; a box that
  // another value or thread can see never changes, as with `PresentationState`'s own box.
  @usableFromInline package var storage: any ComposedStorageBox

  /// Carries `storage`.
  @usableFromInline
  package init(_ storage: any ComposedStorageBox) {
    self.storage = storage
  }

  /// Takes the box out, leaving a shared empty one, so that the caller holds the only
  /// reference to a box no other value shares and may write to it in place.
  @inlinable
  package mutating func take() -> any ComposedStorageBox {
    let taken = storage
    storage = Self.vacant
    return taken
  }

  @usableFromInline static let vacant: any ComposedStorageBox & Sendable = Vacant()
}

/// The box of a ``ComposedState``.
@usableFromInline
package protocol ComposedStorageBox: AnyObject {
  /// The box is no longer any store's current state: the feature was dismissed, popped or
  /// replaced. What watches the box for changes (a view's scoped store) learns it here.
  func retire()
}

/// What a ``ComposedState`` holds while its box is taken out.
///
/// `Sendable`: it has no state.
private final class Vacant: ComposedStorageBox, Sendable {
  func retire() {}
}

/// An action of a feature composed into the store that presents it (FeatureBridge's
/// `ComposedAction`): the feature's own. A test of the parent does not assert these, as it does
/// not see the actions of a feature that runs in a store of its own; it asserts the inputs the
/// parent sends and the outputs it hears, the same for both.
package protocol ComposedFeatureAction: Sendable {}

/// Whether `action` carries a composed feature's own action (``ComposedFeatureAction``)
/// anywhere in its cases (a parent's `.recorder(.presented(.composed(_)))`, a stack's
/// `.element(id:action:)`): found by reflection, for test stores only.
package func carriesComposedFeatureAction(_ action: Any) -> Bool {
  carries(action, depth: 0)
}

private func carries(_ value: Any, depth: Int) -> Bool {
  if value is any ComposedFeatureAction { return true }
  guard depth < 12 else { return false }
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum || mirror.displayStyle == .tuple else { return false }
  return mirror.children.contains { carries($0.value, depth: depth + 1) }
}
