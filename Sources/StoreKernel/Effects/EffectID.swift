/// A type-erased cancellation identifier, with the children it was scoped through.
///
/// Ids are scoped to the store that started the effect: two independent stores using the same
/// id never cancel each other's work. Within a store, an id used inside a child (`ifLet`,
/// `ifCaseLet`, `forEach`) carries the child's navigation path, as TCA's does: cancelling it
/// from the child reaches that child and its descendants, and cancelling the same id from an
/// ancestor reaches the child too (see `marked(with:)`).
@usableFromInline
package struct EffectID: Hashable, Sendable {
  /// The value the id was made from.
  let base: ErasedEffectIDValue
  /// The children the id was used in, outermost first; empty for the store's own reducer.
  let path: [NavigationID]
  /// Whether an ancestor's cancel of `base` reaches this id: true for a reducer's ids, false for
  /// the id of a child itself (the lifetime of one child, cancelled only by its own parent).
  let reachesFromAncestors: Bool

  init(_ id: some Hashable & Sendable) {
    self.base = ErasedEffectIDValue(TypedEffectID(id))
    self.path = []
    self.reachesFromAncestors = true
  }

  /// Whether this id marks every effect of one child (see ``init(navigation:)``), as its
  /// parent sees it (under the children above it, if any): an effect inside a child finds the
  /// child it runs in as the last such id it is marked with.
  package var marksChild: Bool {
    !reachesFromAncestors && base.box is TypedEffectID<NavigationID>
  }

  /// The child this id marks every effect of, if it marks one (see ``marksChild``).
  package var markedChild: NavigationID? {
    reachesFromAncestors ? nil : (base.box as? TypedEffectID<NavigationID>)?.value
  }

  /// The id that marks every effect of the child `navigation`.
  /// Whether this id marks a child presented under the child `other` marks, at any depth (in
  /// the child's own state, or in what that presents).
  ///
  /// - Parameter other: The id of a presented child.
  /// - Returns: `true` for a child of `other`'s, or of theirs.
  package func marksChild(under other: EffectID) -> Bool {
    guard marksChild, let parent = other.markedChild else { return false }
    let prefix = other.path + [parent]
    return path.count >= prefix.count && path.starts(with: prefix)
  }

  init(navigation: NavigationID) {
    self.base = ErasedEffectIDValue(TypedEffectID(navigation))
    self.path = []
    self.reachesFromAncestors = false
  }

  private init(base: ErasedEffectIDValue, path: [NavigationID], reachesFromAncestors: Bool) {
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

/// The value an ``EffectID`` was made from, erased. A class box rather than an `AnyHashable`:
/// comparing two ids is a check of the box's class and the value's own `==`, and making one is
/// an allocation, where `AnyHashable` asked the runtime for dynamic casts each time (about 2,000
/// instructions to make one and as many to compare two, on every call of an operator that
/// looks its id up: docs/performance.md).
///
/// Two ids are equal when their values are of one type and equal. `AnyHashable` also equated
/// some values of two types (an `Int` 1 and an `Int8` 1, a subclass instance seen as its
/// superclass); an id never does (docs/decisions/0003-cancellation-scoped-to-the-store.md).
protocol ErasedEffectID: AnyObject, Sendable {
  /// Whether `other` holds a value of the same type, equal to this one.
  func isEqual(to other: any ErasedEffectID) -> Bool
  /// Feeds the value to `hasher`.
  func hash(into hasher: inout Hasher)
}

/// An ``ErasedEffectID``, hashable.
struct ErasedEffectIDValue: Hashable, Sendable {
  let box: any ErasedEffectID

  init(_ box: any ErasedEffectID) {
    self.box = box
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
  }

  func hash(into hasher: inout Hasher) {
    box.hash(into: &hasher)
  }
}

/// An ``ErasedEffectID`` holding a value of type `Value`.
final class TypedEffectID<Value: Hashable & Sendable>: ErasedEffectID {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }

  func isEqual(to other: any ErasedEffectID) -> Bool {
    guard let other = other as? TypedEffectID<Value> else { return false }
    return other.value == value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}
