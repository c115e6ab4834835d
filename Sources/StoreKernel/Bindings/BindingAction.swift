/// An action that sets one field of a feature's state: what a view sends when a text field,
/// a toggle or a slider changes, instead of one action per field.
///
/// ```swift
/// store.send(.binding(.set(\.name, "Blob")))
/// ```
///
/// A ``BindingReducer`` applies it; the feature's own reducer can still react to it, matching
/// the field with a key path:
///
/// ```swift
/// case .binding(\.name):
///   state.nameIsValid = !state.name.isEmpty
///   return .none
/// ```
///
/// Equal when it sets the same field to an equal value. `Sendable`.
public struct BindingAction<Root>: Sendable {
  /// The field it sets.
  public let keyPath: any PartialKeyPath<Root> & Sendable
  let apply: @Sendable (inout Root) -> Void
  let value: any Sendable
  let valueIsEqual: @Sendable (any Sendable) -> Bool

  /// Sets the field at `keyPath` to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      apply: { $0[keyPath: keyPath] = value },
      value: value,
      valueIsEqual: { ($0 as? Value) == value })
  }

  /// Whether `action` sets the field at `keyPath`: `case .binding(\.name):`.
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - action: The binding action.
  /// - Returns: Whether the action sets that field.
  public static func ~= <Value>(
    keyPath: any WritableKeyPath<Root, Value> & Sendable, action: Self
  ) -> Bool {
    (keyPath as AnyKeyPath) == (action.keyPath as AnyKeyPath)
  }
}

extension BindingAction: Equatable {
  /// Whether both set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) && lhs.valueIsEqual(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible, CustomDebugStringConvertible {
  /// The field and the value: `.set(\Profile.State.name, "Blob")`.
  public var description: String {
    ".set(\(keyPath), \(String(reflecting: value)))"
  }

  /// The field and the value, as ``description``.
  public var debugDescription: String { description }
}

/// An action enum with a case that carries a ``BindingAction``, so that a ``BindingReducer``
/// can find it: `case binding(BindingAction<State>)`.
///
/// ```swift
/// enum Action: BindableAction, Sendable {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// ```
///
/// Conforming types are `Sendable` (actions always are).
public protocol BindableAction<State>: Sendable {
  /// The state the binding actions set.
  associatedtype State

  /// Wraps a binding action: the `binding` case.
  ///
  /// - Parameter action: The binding action.
  /// - Returns: The action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action carries, if it is the `binding` case.
  ///
  /// The default finds a case named `binding` by reflection, about a microsecond; an action
  /// type on a hot path can return it from a `switch` instead.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action this action carries, if it is the `binding` case (found by reflection).
  public var binding: BindingAction<State>? {
    guard let enumCase = EnumCase(of: self), enumCase.name == "binding" else { return nil }
    return enumCase.payload as? BindingAction<State>
  }

  /// Sets the field at `keyPath` to `value`: `.binding(.set(keyPath, value))`.
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
