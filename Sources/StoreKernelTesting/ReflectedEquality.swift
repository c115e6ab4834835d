/// Whether two values are equal, found by reflection: what ``TestStore/receive(_:timeout:assert:sourceLocation:)-(Action,_,_,_)``
/// compares an action that is not `Equatable` with.
///
/// A value that is `Equatable` is compared with `==`; otherwise the two must be of the same
/// type and their parts equal, part by part: an enum's case and payload, a struct's or a
/// tuple's stored values, a class's stored values up through its superclasses (an object
/// without any by identity), a collection's elements in order, a dictionary's values by key.
/// A closure cannot be compared and counts as equal.
enum ReflectedEquality {
  static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let lhs = lhs as? any Equatable { return isEqual(lhs, rhs) }
    let left = Mirror(reflecting: lhs)
    let right = Mirror(reflecting: rhs)
    switch left.displayStyle {
    case .class:
      return objectsEqual(lhs as AnyObject, rhs as AnyObject, left, right)
    case .enum:
      // The case: its label when it has a payload, its name when it has none.
      guard left.children.first?.label == right.children.first?.label else { return false }
      if left.children.isEmpty { return String(describing: lhs) == String(describing: rhs) }
      return partsEqual(left, right)
    case .dictionary:
      return dictionariesEqual(left, right)
    default:
      // A closure reflects as a value without parts, and so does any other such value: equal.
      return partsEqual(left, right)
    }
  }

  private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? Value else { return false }
    return lhs == rhs
  }

  private static func partsEqual(_ left: Mirror, _ right: Mirror) -> Bool {
    guard left.children.count == right.children.count else { return false }
    return zip(left.children, right.children).allSatisfy { pair in
      pair.0.label == pair.1.label && equal(pair.0.value, pair.1.value)
    }
  }

  private static func objectsEqual(
    _ lhs: AnyObject, _ rhs: AnyObject, _ left: Mirror, _ right: Mirror
  ) -> Bool {
    if lhs === rhs { return true }
    var left: Mirror? = left
    var right: Mirror? = right
    var sawParts = false
    while let l = left, let r = right {
      guard partsEqual(l, r) else { return false }
      sawParts = sawParts || !l.children.isEmpty
      left = l.superclassMirror
      right = r.superclassMirror
    }
    // Two distinct objects with nothing to compare are two things, not one.
    return sawParts
  }

  /// Each key's value on one side equals its value on the other, keys compared by reflection.
  private static func dictionariesEqual(_ left: Mirror, _ right: Mirror) -> Bool {
    guard left.children.count == right.children.count else { return false }
    let rightPairs = right.children.map { Mirror(reflecting: $0.value).children.map(\.value) }
    return left.children.allSatisfy { child in
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      return rightPairs.contains { equal(pair[0], $0[0]) && equal(pair[1], $0[1]) }
    }
  }
}
