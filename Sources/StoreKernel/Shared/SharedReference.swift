/// Where a ``Shared`` value lives: the root box that holds it (``SharedBox``), or a projection
/// of another reference (a property, an element of a collection). An abstract class: its
/// subclasses override every member.
///
/// `Sendable`: the root's value is behind its lock, and projections hold only `Sendable`
/// references and key paths.
package class SharedReference<Value: Sendable>: @unchecked Sendable {
  // SAFETY: an abstract base with no stored properties; each subclass is `Sendable` on its own
  // terms (documented there).

  /// The box every projection leads back to: snapshots and tracking are kept per root.
  package var root: any AnySharedBox { fatalError("abstract") }

  /// The live value.
  package func read() -> Value { fatalError("abstract") }

  /// Mutates the live value under the root's lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    fatalError("abstract")
  }

  /// The value a test store's assertion sees: the snapshot `tracker` keeps for the root, if
  /// it keeps one.
  package func snapshot(in tracker: SharedChangeTracker) -> Value? { fatalError("abstract") }

  /// The value as the step a test store checks now ended: what happened, compared with the
  /// snapshot (the live value when no change touched the root).
  package func actual(in tracker: SharedChangeTracker) -> Value { fatalError("abstract") }

  /// Mutates the snapshot `tracker` keeps for the root (taken from the live value first).
  package func withSnapshot<Result>(
    in tracker: SharedChangeTracker, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    fatalError("abstract")
  }

  /// Calls `deliver` with the current value and then with every change, until `unsubscribe`
  /// with the returned token.
  package func subscribe(_ deliver: @escaping @Sendable (Value) -> Void) -> Int {
    fatalError("abstract")
  }

  /// How the reference is shown: where its value lives.
  package var description: String { fatalError("abstract") }
}

/// A root box with its value's type erased: what the change tracker and the registry keep.
///
/// `Sendable`: every box's state is behind its lock.
package protocol AnySharedBox: AnyObject, Sendable {
  /// The live value, as `Any`.
  var anyValue: Any { get }
  /// Ends a subscription.
  func unsubscribe(_ token: Int)
  /// The box's description (its key, if it has one).
  var description: String { get }
  /// How many subscriptions are active.
  var subscriberCount: Int { get }
}
