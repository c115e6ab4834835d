import Synchronization

/// When a presented child is "the same child" and when it is a new one, as TCA decides it: by
/// the place of its state, the case of an enum state, and the id of an `Identifiable` state
/// (or of an enum case's `Identifiable` payload). A child whose other fields change stays the
/// same child; a new case or a new id is a new child, and the old one's effects are cancelled.
struct PresentationIdentity: Hashable, @unchecked Sendable {
  // SAFETY: immutable; the case name is a `String` and the id is read from an `Identifiable`
  // value's plain id, as `NavigationID`'s identity is.
  let caseName: String?
  let id: AnyHashable?

  init(of state: Any, kind: PresentedKind) {
    guard kind.isEnum(state), let enumCase = EnumCase(of: state) else {
      caseName = nil
      id = NavigationID.identity(of: state)
      return
    }
    caseName = enumCase.name
    id = NavigationID.identity(of: state) ?? enumCase.payload.flatMap(NavigationID.identity(of:))
  }
}

extension NavigationID {
  /// The navigation id of the presented child `state` whose state is at `place`: for a state
  /// that has no identity of its own (neither an enum nor `Identifiable`), the place alone.
  @usableFromInline
  static func presented(_ state: Any, at place: AnyKeyPath, kind: PresentedKind) -> NavigationID {
    if kind.isPlain(state) { return NavigationID(place: place, identity: nil) }
    return NavigationID(
      place: place, identity: AnyHashable(PresentationIdentity(of: state, kind: kind)))
  }
}

/// What the presented state of one `ifLet` is, found out from its first value and kept:
/// reflecting a struct to learn that it is not an enum costs as much as a store's send.
///
/// `Sendable`: the answers are atomic.
@usableFromInline
final class PresentedKind: Sendable {
  private static let unknown: UInt8 = 0
  private static let anEnum: UInt8 = 1
  private static let notAnEnum: UInt8 = 2
  private let kind = Atomic<UInt8>(PresentedKind.unknown)
  private static let identifiable: UInt8 = 1
  private static let plain: UInt8 = 2
  private let identity = Atomic<UInt8>(PresentedKind.unknown)

  @usableFromInline
  init() {}

  /// Whether `value` (a value of the state's type) is an enum.
  func isEnum(_ value: Any) -> Bool {
    switch kind.load(ordering: .relaxed) {
    case Self.anEnum: return true
    case Self.notAnEnum: return false
    default:
      let isEnum = Mirror(reflecting: value).displayStyle == .enum
      kind.store(isEnum ? Self.anEnum : Self.notAnEnum, ordering: .relaxed)
      return isEnum
    }
  }

  /// Whether the state is neither an enum nor `Identifiable`, known from an earlier value:
  /// then every child presented here is the same child while it is presented, and its identity
  /// is its place. `nil` until ``isPlain(_:)`` saw a value.
  @usableFromInline
  var isKnownPlain: Bool? {
    switch identity.load(ordering: .relaxed) {
    case Self.plain: true
    case Self.identifiable: false
    default: nil
    }
  }

  /// Whether `value` (a value of the state's type) is neither an enum nor `Identifiable`.
  func isPlain(_ value: Any) -> Bool {
    if let known = isKnownPlain { return known }
    let isPlain = !isEnum(value) && !(value is any Identifiable)
    identity.store(isPlain ? Self.plain : Self.identifiable, ordering: .relaxed)
    return isPlain
  }
}

/// State that is shown once and gone after the user's first choice: an alert or a
/// confirmation dialog. Its `ifLet` dismisses it after one of its buttons' actions, and it has
/// no effects to cancel.
@usableFromInline
protocol EphemeralState {
  /// The type of the actions of its buttons.
  static var actionType: Any.Type { get }
}

extension AlertState: EphemeralState {
  @usableFromInline static var actionType: Any.Type { Action.self }
}

extension ConfirmationDialogState: EphemeralState {
  @usableFromInline static var actionType: Any.Type { Action.self }
}

@usableFromInline
enum Ephemeral {
  /// The ephemeral type of `state`, or of the payload of its enum case.
  @usableFromInline
  static func type(of state: Any, kind: PresentedKind) -> (any EphemeralState.Type)? {
    if let type = Swift.type(of: state) as? any EphemeralState.Type { return type }
    guard kind.isEnum(state), let payload = EnumCase(of: state)?.payload else { return nil }
    return Swift.type(of: payload) as? any EphemeralState.Type
  }

  /// Whether `action` is a button action of the ephemeral type: of its action type, or an enum
  /// case whose payload is (`Destination.Action.alert(.deleteTapped)` for an alert in a
  /// destination enum).
  @usableFromInline
  static func isButtonAction(_ action: Any, of type: any EphemeralState.Type) -> Bool {
    if Swift.type(of: action) == type.actionType { return true }
    guard let payload = EnumCase(of: action)?.payload else { return false }
    return Swift.type(of: payload) == type.actionType
  }
}
