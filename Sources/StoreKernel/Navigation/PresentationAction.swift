/// The actions of a presented child, as its parent receives them: the child's own actions, and
/// the one that dismisses it.
///
/// ```swift
/// enum Action: Sendable {
///   case editor(PresentationAction<Editor.Action>)
///   case editTapped
/// }
/// ```
///
/// A view sends `.editor(.presented(.textChanged("a")))` for the child and `.editor(.dismiss)`
/// when the user closes it; the child's effects can dismiss it too (``DismissEffect``).
/// `Equatable`, `Hashable` when `Action` is; `Sendable` when `Action` is.
public enum PresentationAction<Action> {
  /// Dismisses the child: the parent runs with the child still there, then its state becomes
  /// `nil`.
  case dismiss
  /// An action of the presented child: the child runs first, then the parent.
  indirect case presented(Action)

  /// What a view sends when the user taps `button` of a presented alert or dialog: the
  /// button's action wrapped in ``presented(_:)``, or ``dismiss`` for a button without one.
  ///
  /// ```swift
  /// store.send(.alert(.tap(alert.buttons[0])))
  /// ```
  ///
  /// - Parameter button: The tapped button.
  /// - Returns: The action to send.
  public static func tap(_ button: ButtonState<Action>) -> Self {
    button.action.action.map(Self.presented) ?? .dismiss
  }
}

extension PresentationAction where Action: Sendable {
  /// The path from a presentation action to the child's action in it, for composing a path to a
  /// presented child: `Parent.Action.editorPath.appending(PresentationAction.presentedPath)`.
  public static var presentedPath: CasePath<Self, Action> {
    CasePath(
      embed: Self.presented,
      extract: { if case .presented(let action) = $0 { action } else { nil } })
  }
}

extension PresentationAction: CustomStringConvertible {
  /// The case, with the child's action: `presented(textChanged("a"))`, `dismiss`.
  public var description: String {
    switch self {
    case .dismiss: "dismiss"
    case .presented(let action): "presented(\(action))"
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
