/// A button of an alert or a confirmation dialog: its label, its role, and the action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ```
///
/// A view shows the label and, when the user taps the button, sends the parent
/// ``PresentationAction/tap(_:)`` of it: `.presented(action)`, or `.dismiss` for a button with
/// no action (a cancel button). `Equatable`, `Hashable` when `Action` is (the ``id`` is left
/// out); `Sendable` when `Action` is.
public struct ButtonState<Action>: Identifiable {
  /// Tells this button from others; see ``EphemeralID``.
  public let id: EphemeralID
  /// What tapping the button sends.
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState
  /// How the button is shown: a cancel or a destructive button, or an ordinary one (`nil`).
  public let role: ButtonStateRole?

  init(id: EphemeralID, action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?)
  {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }

  /// Creates a button whose tap sends `action` (no action by default: the tap only dismisses).
  ///
  /// - Parameters:
  ///   - role: A cancel or destructive button, or an ordinary one.
  ///   - action: What tapping the button sends.
  ///   - label: The button's text.
  public init(
    role: ButtonStateRole? = nil, action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.init(id: EphemeralID(), action: action, label: label(), role: role)
  }

  /// Creates a button whose tap sends `action`.
  ///
  /// - Parameters:
  ///   - role: A cancel or destructive button, or an ordinary one.
  ///   - action: The action tapping the button sends.
  ///   - label: The button's text.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(id: EphemeralID(), action: .send(action), label: label(), role: role)
  }

  /// Calls `perform` with the button's action (`nil` for a button without one): what a view
  /// does when the button is tapped.
  ///
  /// - Parameter perform: Receives the action.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(action.action)
  }

  /// The same button with its action transformed: to embed an alert's actions in a wider type.
  ///
  /// - Parameter transform: Maps the action (`nil` for none).
  /// - Returns: The button with the new action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(id: id, action: action.map(transform), label: label, role: role)
  }
}

/// What tapping a button sends: an action, or none.
///
/// `Equatable`, `Hashable` when `Action` is; `Sendable` when `Action` is.
public struct ButtonStateAction<Action> {
  /// The action, or `nil` when the tap only dismisses.
  public let action: Action?

  /// Sends `action` when the button is tapped (`nil`: sends nothing, only dismisses).
  ///
  /// - Parameter action: The action to send.
  /// - Returns: The button action.
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }

  /// The same button action with its action transformed.
  ///
  /// - Parameter transform: Maps the action (`nil` for none).
  /// - Returns: The new button action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonStateAction<NewAction> {
    .send(transform(action))
  }
}

/// How a button is shown: as the one that cancels, or as one that destroys something.
///
/// `Sendable`.
public enum ButtonStateRole: Hashable, Sendable {
  /// Cancels: dismisses without doing anything.
  case cancel
  /// Deletes or discards something.
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {
  /// Whether both buttons have the same action, label and role.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.label == rhs.label && lhs.role == rhs.role
  }
}

extension ButtonState: Hashable where Action: Hashable {
  /// Hashes the action, label and role.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(label)
    hasher.combine(role)
  }
}

extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

/// Builds the buttons of an alert or a dialog from a list, with `if`, `if`-`else` and `for`.
///
/// A namespace: no values.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// One button.
  public static func buildExpression(_ expression: ButtonState<Action>) -> [ButtonState<Action>] {
    [expression]
  }

  /// The buttons of each line, in order.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if` without `else`: none when the condition is false.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of the first branch of an `if`-`else`.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of the second branch of an `if`-`else`.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of every pass of a `for` loop.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if #available` branch.
  public static func buildLimitedAvailability(
    _ component: [ButtonState<Action>]
  ) -> [ButtonState<Action>] {
    component
  }
}
