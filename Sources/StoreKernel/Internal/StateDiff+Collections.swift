extension StateDiff {
  /// The changes between two arrays: by id when every element is `Identifiable`, otherwise
  /// around the longest common prefix and suffix.
  static func compareElements(
    _ old: [Any], _ new: [Any], path: String, into lines: inout [String]
  ) {
    if let oldIDs = ids(of: old), let newIDs = ids(of: new) {
      return compareIdentified(old, oldIDs, new, newIDs, path: path, into: &lines)
    }
    var prefix = 0
    while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) {
      prefix += 1
    }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
    {
      suffix += 1
    }
    let oldMiddle = prefix..<(old.count - suffix)
    let newMiddle = prefix..<(new.count - suffix)
    // As many elements in the changed middle before and after: they changed in place.
    if oldMiddle.count == newMiddle.count {
      for index in newMiddle {
        compare(old[index], new[index], path: path + "[\(index)]", into: &lines)
      }
      return
    }
    for index in oldMiddle {
      lines.append("\(path)[\(index)]: \(shown(old[index])) → (removed)")
    }
    for index in newMiddle {
      lines.append("\(path)[\(index)]: (added) → \(shown(new[index]))")
    }
  }

  /// Elements matched by id: each removed, added or changed element is one entry, named
  /// `[id: …]`; a change of order alone shows as the ids before and after.
  static func compareIdentified(
    _ old: [Any], _ oldIDs: [AnyHashable], _ new: [Any], _ newIDs: [AnyHashable],
    path: String, into lines: inout [String]
  ) {
    var oldIndex: [AnyHashable: Int] = [:]
    for (index, id) in oldIDs.enumerated() where oldIndex[id] == nil { oldIndex[id] = index }
    var newIndex: [AnyHashable: Int] = [:]
    for (index, id) in newIDs.enumerated() where newIndex[id] == nil { newIndex[id] = index }
    guard oldIndex.count == oldIDs.count, newIndex.count == newIDs.count else {
      // Duplicate ids: matching by id would be ambiguous.
      return compareByPosition(old, new, path: path, into: &lines)
    }
    func named(_ id: AnyHashable) -> String { "\(path)[id: \(String(reflecting: id.base))]" }
    for (index, id) in oldIDs.enumerated() where newIndex[id] == nil {
      lines.append("\(named(id)): \(shown(old[index])) → (removed)")
    }
    for (index, id) in newIDs.enumerated() {
      if let before = oldIndex[id] {
        compare(old[before], new[index], path: named(id), into: &lines)
      } else {
        lines.append("\(named(id)): (added) → \(shown(new[index]))")
      }
    }
    let keptBefore = oldIDs.filter { newIndex[$0] != nil }
    let keptAfter = newIDs.filter { oldIndex[$0] != nil }
    if keptBefore != keptAfter {
      let describe = { (ids: [AnyHashable]) in
        "[" + ids.map { String(reflecting: $0.base) }.joined(separator: ", ") + "]"
      }
      lines.append(
        "\(path.isEmpty ? "value" : path) (order of ids): \(describe(keptBefore)) → \(describe(keptAfter))"
      )
    }
  }

  private static func compareByPosition(
    _ old: [Any], _ new: [Any], path: String, into lines: inout [String]
  ) {
    for index in 0..<max(old.count, new.count) {
      let elementPath = path + "[\(index)]"
      if index >= new.count {
        lines.append("\(elementPath): \(shown(old[index])) → (removed)")
      } else if index >= old.count {
        lines.append("\(elementPath): (added) → \(shown(new[index]))")
      } else {
        compare(old[index], new[index], path: elementPath, into: &lines)
      }
    }
  }

  /// The ids of the elements if every one of them is `Identifiable` (and there is one at all).
  private static func ids(of elements: [Any]) -> [AnyHashable]? {
    guard !elements.isEmpty else { return [] }
    var ids: [AnyHashable] = []
    ids.reserveCapacity(elements.count)
    for element in elements {
      guard let id = NavigationID.identity(of: element) else { return nil }
      ids.append(id)
    }
    return ids
  }

  private static func same(_ old: Any, _ new: Any) -> Bool {
    var lines: [String] = []
    compare(old, new, path: "", into: &lines)
    return lines.isEmpty
  }
}

/// A collection that knows the id of each element (an `IdentifiedArray`, a navigation stack):
/// the diff matches its elements by these ids.
protocol IdentifiedElements {
  /// The ids, in the order of the elements.
  var elementIDs: [AnyHashable] { get }
  /// The elements, in order.
  var elementValues: [Any] { get }
}
