/// What changed between two values, one line per change, each naming the path to it:
/// `notes[1].title: "a" → "b"`. What `printChanges` and `TestStore` show.
///
/// Values are walked with `Mirror`: stored properties by name, dictionary values by key, enum
/// payloads under their case, optionals through their value. Arrays of `Identifiable` elements,
/// `IdentifiedArray`s and `StackState`s are matched by id (`rows[id: 3].title`,
/// `path[id: #0].title`), other arrays around their common prefix and suffix, so one insertion
/// or removal shows as one line, not as a change of every later element
/// (`StateDiff+Collections.swift`). A part that has no parts of its own (a number, a string, a
/// set) is compared and shown whole. A property wrapper's storage (`_editor`) is named after
/// its property (`editor`). A ``Shared`` value shows as the value it holds; inside a
/// `TestStore` assertion, the same shared value on both sides shows what the test expects
/// against what happened.
///
/// ```swift
/// let lines = StateDiff.lines(from: ["a": 1], to: ["a": 2])
/// // ["[\"a\"]: 1 → 2"]
/// ```
///
/// A namespace: no values.
public enum StateDiff {
  /// The changes from `before` to `after`, one line each; empty when there are none.
  ///
  /// - Parameters:
  ///   - before: The value before (or what was expected).
  ///   - after: The value after (or what happened).
  /// - Returns: One line per change, each naming its path.
  public static func lines<Value>(from before: Value, to after: Value) -> [String] {
    lines(from: before, to: after, at: "")
  }

  /// The changes from `before` to `after`, values found at `path` in a larger value: each line
  /// names its path from there (`count: 0 → 1` at `count`).
  package static func lines(from before: Any, to after: Any, at path: String) -> [String] {
    var lines: [String] = []
    compare(before, after, path: path, into: &lines)
    return lines
  }

  /// The longest a value is shown in a line before it is cut with "…".
  static let valueLimit = 200

  static func compare(_ old: Any, _ new: Any, path: String, into lines: inout [String]) {
    if let oldShared = old as? any SharedDiffable, let newShared = new as? any SharedDiffable {
      return compare(
        oldShared.diffValues.expected, newShared.diffValues.actual, path: path, into: &lines)
    }
    if let old = old as? any IdentifiedElements, let new = new as? any IdentifiedElements {
      return compareIdentified(
        old.elementValues, old.elementIDs, new.elementValues, new.elementIDs, path: path,
        into: &lines)
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    switch (oldMirror.displayStyle, newMirror.displayStyle) {
    case (.optional, .optional):
      switch (oldMirror.children.first, newMirror.children.first) {
      case (let old?, let new?): compare(old.value, new.value, path: path, into: &lines)
      case (nil, nil): return
      default: leaf(old, new, path: path, into: &lines)
      }
    case (.struct, .struct), (.class, .class), (.tuple, .tuple):
      let newChildren = Array(newMirror.children)
      let oldChildren = Array(oldMirror.children)
      guard oldChildren.count == newChildren.count, !oldChildren.isEmpty else {
        return leaf(old, new, path: path, into: &lines)
      }
      for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
        // A property wrapper's storage is labelled `_name`: show it as `name`.
        let name = oldChild.label.map {
          $0.hasPrefix(".") || $0.hasPrefix("_") ? String($0.dropFirst()) : $0
        }
        compare(
          oldChild.value, newChild.value, path: join(path, name ?? "\(index)"), into: &lines)
      }
    case (.collection, .collection):
      compareElements(
        oldMirror.children.map(\.value), newMirror.children.map(\.value), path: path,
        into: &lines)
    case (.dictionary, .dictionary):
      compareDictionaries(oldMirror, newMirror, path: path, into: &lines)
    case (.enum, .enum):
      let oldCase = oldMirror.children.first
      let newCase = newMirror.children.first
      guard let oldCase, let newCase, oldCase.label == newCase.label else {
        return leaf(old, new, path: path, into: &lines)
      }
      compare(
        oldCase.value, newCase.value, path: join(path, oldCase.label ?? "payload"),
        into: &lines)
    default:
      leaf(old, new, path: path, into: &lines)
    }
  }

  private static func compareDictionaries(
    _ old: Mirror, _ new: Mirror, path: String, into lines: inout [String]
  ) {
    func entries(_ mirror: Mirror) -> [String: Any] {
      var entries: [String: Any] = [:]
      for child in mirror.children {
        let pair = Array(Mirror(reflecting: child.value).children)
        guard pair.count == 2 else { continue }
        entries[String(reflecting: pair[0].value)] = pair[1].value
      }
      return entries
    }
    let oldEntries = entries(old)
    let newEntries = entries(new)
    for key in Set(oldEntries.keys).union(newEntries.keys).sorted() {
      let entryPath = path + "[\(key)]"
      switch (oldEntries[key], newEntries[key]) {
      case (let old?, let new?): compare(old, new, path: entryPath, into: &lines)
      case (let old?, nil): lines.append("\(entryPath): \(shown(old)) → (removed)")
      case (nil, let new?): lines.append("\(entryPath): (added) → \(shown(new))")
      case (nil, nil): break
      }
    }
  }

  private static func leaf(_ old: Any, _ new: Any, path: String, into lines: inout [String]) {
    let oldText = shown(old)
    let newText = shown(new)
    guard oldText != newText else { return }
    lines.append("\(path.isEmpty ? "value" : path): \(oldText) → \(newText)")
  }

  private static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : path + "." + name
  }

  /// A value as one line: its debug description (strings quoted), newlines escaped, cut.
  static func shown(_ value: Any) -> String {
    var text = ""
    if Mirror(reflecting: value).displayStyle == .set {
      text =
        "["
        + Mirror(reflecting: value).children.map { String(reflecting: $0.value) }
        .sorted().joined(separator: ", ") + "]"
    } else {
      text = String(reflecting: value)
    }
    text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
    guard text.count > valueLimit else { return text }
    return String(text.prefix(valueLimit)) + "…"
  }
}
