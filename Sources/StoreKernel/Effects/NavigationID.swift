/// Which child an effect belongs to: the place of the child's state in its parent (a key path)
/// and, for an element of a collection or an `Identifiable` child, its identity.
///
/// `ifLet`, `ifCaseLet` and `forEach` mark every effect of a child with its navigation id, so
/// that removing the child cancels them, and scope the child's cancellation ids to it:
/// `.cancel(id: Fetch.self)` in one row of a list reaches that row's fetch (and its
/// descendants') only, while the same cancel in the list's reducer reaches every row's.
@usableFromInline
package struct NavigationID: Hashable, @unchecked Sendable {
  // SAFETY: immutable; built from a key path (key paths hold no mutable state) and from a
  // child's id, which the reducers that build one require to be `Sendable` or read from an
  // `Identifiable` value's plain id.
  let place: AnyKeyPath
  let identity: AnyHashable?

  @usableFromInline
  package init(place: AnyKeyPath, identity: AnyHashable?) {
    self.place = place
    self.identity = identity
  }

  /// Equal when both name the same place and identity. The place is compared by reference
  /// first: the ids an operator makes all share its key path, and comparing two key paths by
  /// value walks their components.
  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.place === rhs.place || lhs.place == rhs.place) && lhs.identity == rhs.identity
  }

  /// The id of `value` if it is `Identifiable`: a child with a new id is a new child.
  @usableFromInline
  static func identity(of value: Any) -> AnyHashable? {
    (value as? any Identifiable)?.erasedID
  }
}

extension Identifiable {
  fileprivate var erasedID: AnyHashable { AnyHashable(id) }
}

extension Effect {
  /// This child effect as its parent starts it: every cancellation id in it carries the
  /// child's navigation id, and the whole effect can be cancelled by `navigation` (when the
  /// child goes away).
  @inlinable
  package func scoped(to navigation: NavigationID) -> Self {
    isNone ? self : cancellable(under: navigation)
  }

  /// ``scoped(to:)`` of an effect with work in it.
  @usableFromInline
  func cancellable(under navigation: NavigationID) -> Self {
    .cancellable(
      EffectID(navigation: navigation), cancelInFlight: false,
      namespacingIDs(under: navigation))
  }

  private func namespacingIDs(under navigation: NavigationID) -> Self {
    switch operation {
    case .none, .send, .run:
      return self
    case .merge(let effects):
      return Self(.merge(effects.map { $0.namespacingIDs(under: navigation) }))
    case .composed(let composed):
      return composed.rebuilt(
        EffectTransform(
          effect: { $0.namespacingIDs(under: navigation) }, id: { $0.scoped(to: navigation) }))
    }
  }
}
