/// A type-erased cancellation identifier.
///
/// Ids are scoped to the store that started the effect: two independent stores using the same
/// id never cancel each other's work.
@usableFromInline
package struct EffectID: Hashable, @unchecked Sendable {
  // SAFETY: `base` is only ever built from a `Hashable & Sendable` value (see `init`), so the
  // erased value is `Sendable` even though `AnyHashable` is not declared so.
  let base: AnyHashable

  init(_ id: some Hashable & Sendable) {
    self.base = AnyHashable(id)
  }
}

extension [EffectID] {
  /// These enclosing ids, and `id`: the ids an effect marked with `id` inside them is
  /// registered under.
  func marked(with id: EffectID) -> [EffectID] {
    self + [id]
  }
}
