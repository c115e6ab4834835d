import MultiStorePrimitives
import Synchronization

/// What a test store knows about shared values: the value each one had when the test last
/// asserted (its snapshot), taken just before the first change since, and whether a change has
/// been asserted. TCA's `SharedChangeTracker`, written small.
///
/// While a test store's feature runs, the tracker sits in the store's dependencies, so a
/// change made by its reducer or its effects takes a snapshot first. While the test store
/// asserts, ``assert(_:)`` makes it current for the task: reads of a shared value then give the
/// snapshot, writes change the snapshot, and comparing a shared value with itself compares the
/// snapshot (what the test expects) with the live value (what happened).
///
/// `Sendable`: its changes are behind a lock.
package final class SharedChangeTracker: Sendable {
  private struct Change: Sendable {
    let box: any AnySharedBox
    var snapshot: any Sendable
    var asserted = false
  }

  private let changes = LockedValue<[ObjectIdentifier: Change]>([:])

  /// How many trackers exist in the process: while none does, shared values skip every
  /// tracking look-up (an app never makes one).
  private static let alive = Atomic<Int>(0)

  @TaskLocal private static var asserting: SharedChangeTracker?

  package init() {
    Self.alive.add(1, ordering: .relaxed)
  }

  deinit {
    Self.alive.subtract(1, ordering: .relaxed)
  }

  /// The tracker of the test store whose feature is running now, if any.
  static var trackingNow: SharedChangeTracker? {
    guard alive.load(ordering: .relaxed) > 0, asserting == nil else { return nil }
    return DependencyValues.current.overriddenValue(for: SharedChangeTrackerKey.self) ?? nil
  }

  /// The tracker of the test store asserting now, if any.
  static var assertingNow: SharedChangeTracker? {
    guard alive.load(ordering: .relaxed) > 0 else { return nil }
    return asserting
  }

  /// Runs `body` with this tracker asserting: shared values read and write their snapshots.
  package func assert<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.$asserting.withValue(self) { try body() }
  }

  /// Whether any shared value changed since the last reset and no comparison has asserted it.
  package var hasChanges: Bool {
    changes.withLock { $0.values.contains { !$0.asserted } }
  }

  /// Every change not asserted of a root in `roots`: its path in `roots` (the value's name
  /// when the path is empty), its snapshot and its live value, in the order of the paths.
  package func unassertedChanges(
    amongRoots roots: [ObjectIdentifier: String]
  ) -> [(
    name: String, before: Any, after: Any
  )] {
    let pending = changes.withLock { changes in
      changes.compactMap { id, change in
        !change.asserted ? roots[id].map { (path: $0, change: change) } : nil
      }
    }
    return pending.sorted { $0.path < $1.path }.map {
      (
        $0.path.isEmpty ? $0.change.box.description : $0.path, $0.change.snapshot,
        $0.change.box.anyValue
      )
    }
  }

  /// Forgets every snapshot: the live values are now the asserted ones.
  package func reset() {
    changes.withLock { $0.removeAll() }
  }

  /// Takes a snapshot of `box` before a change, unless it has one since the last reset.
  func trackBeforeChange<Value: Sendable>(of box: SharedBox<Value>, value: Value) {
    changes.withLock { changes in
      let id = ObjectIdentifier(box)
      if changes[id] == nil { changes[id] = Change(box: box, snapshot: value) }
    }
  }

  /// The snapshot of `box`, if it has one.
  func snapshot<Value: Sendable>(of box: SharedBox<Value>) -> Value? {
    changes.withLock { $0[ObjectIdentifier(box)]?.snapshot as? Value }
  }

  /// Replaces the snapshot of `box` (an assertion changed it).
  func setSnapshot<Value: Sendable>(_ value: Value, of box: SharedBox<Value>) {
    changes.withLock { changes in
      let id = ObjectIdentifier(box)
      if changes[id] == nil {
        changes[id] = Change(box: box, snapshot: value)
      } else {
        changes[id]?.snapshot = value
      }
    }
  }

  /// Marks the change of `box` as asserted: a comparison has checked it.
  func markAsserted(_ box: any AnySharedBox) {
    changes.withLock { $0[ObjectIdentifier(box)]?.asserted = true }
  }
}

extension DependencyValues {
  /// The change tracker of the test store that owns these dependencies; `nil` elsewhere.
  package var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static let liveValue: SharedChangeTracker? = nil
  static let testValue: SharedChangeTracker? = nil
}
