/// An action of one element of a collection, named by the element's id: the action shape of a
/// `forEach` over an ``IdentifiedArray``.
///
/// ```swift
/// enum Action: Sendable {
///   case todos(IdentifiedActionOf<TodoRow>)
///   case addTapped
/// }
/// ```
///
/// A row's view sends its actions with the row's id:
///
/// ```swift
/// store.send(.todos(.element(id: todo.id, action: .toggleTapped)))
/// ```
///
/// `Equatable`, `Hashable` when `Action` is; `Sendable` when `Action` is.
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// An action of the element with `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction where Action: Sendable {
  /// The path from an identified action to the actions of the element with `id`, for scoping a
  /// store to one row.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: The path.
  public static func elementPath(id: ID) -> CasePath<Self, Action> {
    CasePath(
      embed: { Self.element(id: id, action: $0) },
      extract: {
        if case .element(let elementID, let action) = $0, elementID == id { action } else { nil }
      })
  }
}

extension IdentifiedAction: CustomStringConvertible {
  /// The case with its id and action: `element(id: 3, action: toggle)`.
  public var description: String {
    switch self {
    case .element(let id, let action): "element(id: \(id), action: \(action))"
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The ``IdentifiedAction`` of an element reducer whose state is `Identifiable`:
/// `IdentifiedActionOf<Row>`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
