/// The case of an enum value and its payload, read by reflection.
struct EnumCase {
  /// The case's name.
  let name: String
  /// The payload (a tuple when the case has several values), or `nil` for a case without one.
  let payload: Any?

  /// Reads the case of `value`, or returns `nil` when `value` is not an enum.
  init?(of value: Any) {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return nil }
    if let child = mirror.children.first, let label = child.label {
      name = label
      payload = child.value
    } else {
      // A case without a payload has no child; its default description is its name.
      name = String(describing: value)
      payload = nil
    }
  }
}
