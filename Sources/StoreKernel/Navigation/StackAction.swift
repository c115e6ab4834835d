/// The actions of a navigation stack, as its parent receives them: an element's own actions,
/// a pop, and a push.
///
/// ```swift
/// enum Action: Sendable {
///   case path(StackActionOf<Path>)
///   case addTapped
/// }
/// ```
///
/// `Equatable`, `Hashable` when `State` and `Action` are; `Sendable` when they are.
public enum StackAction<State, Action> {
  /// An action of the element with `id`: the element runs first, then the parent.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it: the parent runs with them still
  /// there, then they are removed.
  case popFrom(id: StackElementID)
  /// Pushes `state` under `id` (an id not in the stack): it is appended, then the parent runs.
  case push(id: StackElementID, state: State)
}

extension StackAction where Action: Sendable, State: Sendable {
  /// The path from a stack action to the actions of the element with `id`, for scoping a
  /// store to one screen of the stack.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: The path.
  public static func elementPath(id: StackElementID) -> CasePath<Self, Action> {
    CasePath(
      embed: { Self.element(id: id, action: $0) },
      extract: {
        if case .element(let elementID, let action) = $0, elementID == id { action } else { nil }
      })
  }
}

extension StackAction: CustomStringConvertible {
  /// The case, with its id: `element(id: #0, action: saveTapped)`, `popFrom(id: #1)`.
  public var description: String {
    switch self {
    case .element(let id, let action): "element(id: \(id), action: \(action))"
    case .popFrom(let id): "popFrom(id: \(id))"
    case .push(let id, let state): "push(id: \(id), state: \(state))"
    }
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The ``StackAction`` of an element reducer's domain: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
