import MultiStorePrimitives

/// The shared values made for keys, by key id, held weakly: two holders of one key find the
/// same value while either holds it.
///
/// `Sendable`: its table is behind a lock.
package final class SharedRegistry: Sendable {
  private struct Entry {
    weak var box: (any AnySharedBox)?
  }

  private let boxes = LockedValue<[String: Entry]>([:])

  package init() {}

  /// The value kept under `key`, made with `makeDefault` (and its storage started) when no one
  /// holds it. A key whose id is held with another value type gets a value of its own, and the
  /// clash is reported.
  func box<Key: SharedKey>(for key: Key, makeDefault: () -> Key.Value) -> SharedBox<Key.Value> {
    let id = key.id
    if let existing = boxes.withLock({ $0[id]?.box }) {
      if let box = existing as? SharedBox<Key.Value> { return box }
      IssueReporter.report(
        "Shared key '\(id)' is held as \(type(of: existing)) and asked for as "
          + "Shared<\(Key.Value.self)>: the second gets a value of its own.")
      return SharedBox(makeDefault(), name: "Shared<\(Key.Value.self)>(\(id))")
    }
    // Made outside the lock: the default may read other shared values.
    let made = SharedBox(makeDefault(), name: "Shared<\(Key.Value.self)>(\(id))")
    let (box, isNew) = boxes.withLock { boxes -> (SharedBox<Key.Value>, Bool) in
      if let existing = boxes[id]?.box as? SharedBox<Key.Value> { return (existing, false) }
      boxes[id] = Entry(box: made)
      return (made, true)
    }
    if isNew { box.keyStorage = key.makeStorage(for: SharedKeyContext(box: box)) }
    return box
  }
}

extension DependencyValues {
  /// Where values made for keys are found: one registry for the app; in a test, one per test
  /// once StoreKernelTesting is in use (one per store otherwise).
  package var sharedRegistry: SharedRegistry {
    get { self[SharedRegistryKey.self] }
    set { self[SharedRegistryKey.self] = newValue }
  }
}

private enum SharedRegistryKey: DependencyKey {
  static let liveValue = SharedRegistry()
  static var testValue: SharedRegistry { TestScopes.current?.sharedRegistry ?? SharedRegistry() }
}
