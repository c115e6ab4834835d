/// A type-erased cancellation identifier, with the children it was scoped through.
///
/// Ids are scoped to the store that started the effect: two independent stores using the same
/// id never cancel each other's work. Within a store, an id used inside a child (`ifLet`,
/// `ifCaseLet`, `forEach`) carries the child's navigation path, as TCA's does: cancelling it
/// from the child reaches that child and its descendants, and cancelling the same id from an
/// ancestor reaches the child too (see `marked(with:)`).
@usableFromInline
package struct EffectID: Hashable, @unchecked Sendable {
  // SAFETY: `base` is only ever built from a `Hashable & Sendable` value (see the initializers),
  // so the erased value is `Sendable` even though `AnyHashable` is not declared so;
  // `NavigationID` is `Sendable`.
  let base: AnyHashable
  /// The children the id was used in, outermost first; empty for the store's own reducer.
  let path: [NavigationID]
  /// Whether an ancestor's cancel of `base` reaches this id: true for a reducer's ids, false for
  /// the id of a child itself (the lifetime of one child, cancelled only by its own parent).
  let reachesFromAncestors: Bool

  init(_ id: some Hashable & Sendable) {
    self.base = AnyHashable(id)
    self.path = []
    self.reachesFromAncestors = true
  }

  /// Whether this id marks every effect of one child (see ``init(navigation:)``), as its
  /// parent sees it (under the children above it, if any): an effect inside a child finds the
  /// child it runs in as the last such id it is marked with.
  package var marksChild: Bool {
    !reachesFromAncestors && base.base is NavigationID
  }

  /// The child this id marks every effect of, if it marks one (see ``marksChild``).
  package var markedChild: NavigationID? {
    reachesFromAncestors ? nil : base.base as? NavigationID
  }

  /// The id that marks every effect of the child `navigation`.
  init(navigation: NavigationID) {
    self.base = AnyHashable(navigation)
    self.path = []
    self.reachesFromAncestors = false
  }

  private init(base: AnyHashable, path: [NavigationID], reachesFromAncestors: Bool) {
    self.base = base
    self.path = path
    self.reachesFromAncestors = reachesFromAncestors
  }

  /// This id, as the parent of the child `navigation` sees it.
  func scoped(to navigation: NavigationID) -> EffectID {
    EffectID(
      base: base, path: [navigation] + path, reachesFromAncestors: reachesFromAncestors)
  }

  /// The ids that reach an effect marked with this one: the id as used at every level from the
  /// store's reducer down to the child that used it (TCA registers an effect under every prefix
  /// of its navigation path the same way).
  fileprivate var registrations: [EffectID] {
    (0...path.count).map {
      EffectID(base: base, path: Array(path.prefix($0)), reachesFromAncestors: true)
    }
  }
}

extension [EffectID] {
  /// These enclosing ids, and `id`: the ids an effect marked with `id` inside them is
  /// registered under. An id used in a child is registered once per level above the child too,
  /// so a `.cancel(id:)` from the child or from any of its ancestors reaches the effect; one
  /// from a sibling does not (its path differs).
  func marked(with id: EffectID) -> [EffectID] {
    if id.path.isEmpty || !id.reachesFromAncestors { return self + [id] }
    return self + id.registrations
  }
}
