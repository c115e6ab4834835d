/// An alert, as data: a title, an optional message and buttons whose actions the parent
/// receives. Present it through ``PresentationState`` like any destination, render it in any
/// view, compare it in a test.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete the note?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) {
///     TextState("Delete")
///   }
///   ButtonState(role: .cancel) {
///     TextState("Cancel")
///   }
/// } message: {
///   TextState("It will be gone for good.")
/// }
/// ```
///
/// The alert's `ifLet` dismisses it after one of its buttons' actions has run the parent.
/// `Equatable`, `Hashable` when `Action` is (the ``id`` is left out); `Sendable` when `Action`
/// is.
public struct AlertState<Action>: Identifiable {
  /// Tells this alert from another with the same content; see ``EphemeralID``.
  public let id: EphemeralID
  /// The buttons, in order. An alert without buttons shows a single "OK" that only dismisses.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState

  init(
    id: EphemeralID, buttons: [ButtonState<Action>], message: TextState?, title: TextState
  ) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
  }

  /// Creates an alert.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons, in order; none by default.
  ///   - message: The text under the title, if any.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(id: EphemeralID(), buttons: actions(), message: message?(), title: title())
  }

  /// The same alert with its buttons' actions transformed: to present it as one case of a
  /// destination whose actions wrap the alert's.
  ///
  /// - Parameter transform: Maps each button's action (`nil` for none).
  /// - Returns: The alert with the new actions.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id, buttons: buttons.map { $0.map(transform) }, message: message, title: title)
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Whether both alerts have the same title, message and buttons.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes the title, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}
