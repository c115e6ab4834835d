import MultiStorePrimitives

extension CasePath {
  /// A path made from the enum case alone, its constructor: no hand-written extract.
  ///
  /// ```swift
  /// let rename = CasePath(Screen.row).appending(Row.rename)
  /// #expect(rename.extract(.row(.rename("milk"))) == "milk")
  /// #expect(rename.extract(.row(.toggle)) == nil)
  /// ```
  ///
  /// The extract reads the root's case by reflection (`Mirror`), which costs a few
  /// microseconds and about ten allocations a call where a hand-written `if case` costs
  /// nanoseconds (docs/performance.md, "Case paths from the case"). That is nothing in a test and little in
  /// a reducer whose actions come one per user gesture; for a scope that sees every keystroke,
  /// write the extract by hand with ``init(embed:extract:)``.
  ///
  /// A case whose payload has several values is a path to their tuple (a constructor's type
  /// has no labels): `CasePath(Action.element)` for `case element(id: Int, action: Row)` is a
  /// `CasePath<Action, (Int, Row)>`.
  ///
  /// - Parameter embed: The case's constructor, such as `AppAction.counter`.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let caseName = CaseName()
    self.init(
      embed: embed,
      extract: { root in
        guard let found = EnumCase(of: root), let value = found.payload as? Value else {
          return nil
        }
        return caseName.of(embed, embedding: value) == found.name ? value : nil
      })
  }

  /// This path followed by the case `next` of its value: `CasePath(AppAction.child)
  /// .appending(ChildAction.delegate)`.
  ///
  /// - Parameter next: The constructor of a case of this path's value.
  /// - Returns: A path from `Root` to the payload of `next`.
  public func appending<Deeper>(
    _ next: @escaping @Sendable (Deeper) -> Value
  ) -> CasePath<Root, Deeper> {
    appending(CasePath<Value, Deeper>(next))
  }
}

/// The name of the case a constructor makes, found the first time a value is embedded and kept:
/// a constructor always makes the same case.
private final class CaseName: Sendable {
  private let name = LockedValue<String?>(nil)

  func of<Root, Value>(_ embed: (Value) -> Root, embedding value: Value) -> String? {
    if let known = name.withLock({ $0 }) { return known }
    let found = EnumCase(of: embed(value))?.name
    name.withLock { $0 = found }
    return found
  }
}
