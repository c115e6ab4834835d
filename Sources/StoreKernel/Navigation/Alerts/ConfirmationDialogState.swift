/// A confirmation dialog (an action sheet), as data: a title, an optional message and buttons
/// whose actions the parent receives. Presented, rendered and tested like ``AlertState``.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share the note")
/// } actions: {
///   ButtonState(action: .copyLink) {
///     TextState("Copy link")
///   }
///   ButtonState(role: .cancel) {
///     TextState("Cancel")
///   }
/// }
/// ```
///
/// The dialog's `ifLet` dismisses it after one of its buttons' actions has run the parent.
/// `Equatable`, `Hashable` when `Action` is (the ``id`` is left out); `Sendable` when `Action`
/// is.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// Tells this dialog from another with the same content; see ``EphemeralID``.
  public let id: EphemeralID
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility

  init(
    id: EphemeralID, buttons: [ButtonState<Action>], message: TextState?, title: TextState,
    titleVisibility: ConfirmationDialogStateTitleVisibility
  ) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
    self.titleVisibility = titleVisibility
  }

  /// Creates a dialog.
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown; the platform decides by default.
  ///   - title: The title.
  ///   - actions: The buttons, in order; none by default.
  ///   - message: The text under the title, if any.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      id: EphemeralID(), buttons: actions(), message: message?(), title: title(),
      titleVisibility: titleVisibility)
  }

  /// The same dialog with its buttons' actions transformed.
  ///
  /// - Parameter transform: Maps each button's action (`nil` for none).
  /// - Returns: The dialog with the new actions.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: id, buttons: buttons.map { $0.map(transform) }, message: message, title: title,
      titleVisibility: titleVisibility)
  }
}

/// Whether a confirmation dialog shows its title.
///
/// `Sendable`.
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// The platform decides.
  case automatic
  /// The title is not shown.
  case hidden
  /// The title is shown.
  case visible
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Whether both dialogs have the same title, visibility, message and buttons.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes the title, visibility, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}
