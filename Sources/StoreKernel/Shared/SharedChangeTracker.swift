import MultiStorePrimitives
import Synchronization

/// What a test store knows about shared values: for each one a change has touched since the
/// test last asserted it, its value before the first change of each step, so that a change is
/// asserted at the step that made it. TCA's `SharedChangeTracker`, written small.
///
/// A step is one action the store reduces: the test's `send`, or an action an effect sent. A
/// change made while a step's reducer runs belongs to that step; a change made between steps
/// (by an effect) belongs to the next one, the step that receives the action the effect sends
/// next, or a later `store.assert`. So `send(.loaded)` whose reducer returns
/// `.send(.increment)` leaves the send's step unchanged and the change at the `receive`, and a
/// test clock that fires two ticks leaves one change at each.
///
/// While a test store's feature runs, the tracker sits in the store's dependencies, so a
/// change made by its reducer or its effects is recorded first. While the test store checks a
/// step, ``assert(through:_:)`` makes it current for the task: reads of a shared value then give
/// the value as the step began (with the assertion's changes), writes change that, and
/// comparing a shared value with itself compares it (what the test expects) with the value as
/// the step ended (what happened).
///
/// `Sendable`: its state is behind a lock.
package final class SharedChangeTracker: Sendable {
  private struct Change: Sendable {
    let box: any AnySharedBox
    /// The value before the first change of each step that changed it, oldest step first.
    var before: [(step: Int, value: any Sendable)] = []
    /// What the assertion checking now expects, once it changed the value.
    var expected: (any Sendable)?
    var asserted = false

    /// The value as the steps not yet checked began.
    var valueAtStart: (any Sendable)? { expected ?? before.first?.value }

    /// The value as `step` ended: before the first change of a later step, or the live value.
    func valueAtEnd(of step: Int) -> Any {
      before.first { $0.step > step }?.value ?? box.anyValue
    }
  }

  private struct Steps: Sendable {
    var changes: [ObjectIdentifier: Change] = [:]
    /// The step begun last.
    var current = 0
    /// Whether the reducer of `current` is running.
    var reducing = false
    /// Steps up to this one have been checked: a change made now belongs to a later one.
    var checked = 0
    /// The step being checked now.
    var checking = Int.max
  }

  private let steps = LockedValue(Steps())

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

  /// A reducer starts on an action: changes from now until ``endStep()`` belong to it.
  ///
  /// - Returns: The step's number, for the check that asserts it.
  package func beginStep() -> Int {
    steps.withLock { steps in
      steps.current += 1
      steps.reducing = true
      return steps.current
    }
  }

  /// The reducer of the step begun last has returned.
  package func endStep() {
    steps.withLock { $0.reducing = false }
  }

  /// Runs `body` with this tracker asserting the steps up to `step` (`Int.max`: every step so
  /// far and the changes made since): shared values read and write the value as those steps
  /// began, and compare it with the value as `step` ended. Then forgets them.
  package func assert<Result>(through step: Int, _ body: () throws -> Result) rethrows -> Result {
    steps.withLock { $0.checking = step }
    defer { forget(through: step) }
    return try Self.$asserting.withValue(self) { try body() }
  }

  /// Whether a shared value changed in a step up to `step` (or since, for `Int.max`) and no
  /// comparison has asserted it.
  package func hasChanges(through step: Int) -> Bool {
    steps.withLock { steps in
      steps.changes.values.contains { change in
        !change.asserted && change.before.contains { step == .max || $0.step <= step }
      }
    }
  }

  /// Every change not yet checked of a root in `roots`: its path in `roots` (the value's name
  /// when the path is empty), its value before and its live value, in the order of the paths.
  package func unassertedChanges(
    amongRoots roots: [ObjectIdentifier: String]
  ) -> [(
    name: String, before: Any, after: Any
  )] {
    let pending = steps.withLock { steps in
      steps.changes.compactMap { id, change -> (path: String, change: Change)? in
        guard !change.asserted, !change.before.isEmpty, let path = roots[id] else { return nil }
        return (path, change)
      }
    }
    return pending.sorted { $0.path < $1.path }.map {
      (
        $0.path.isEmpty ? $0.change.box.description : $0.path,
        $0.change.before[0].value, $0.change.box.anyValue
      )
    }
  }

  /// Forgets every change: the live values are now the asserted ones.
  package func reset() {
    steps.withLock { steps in
      steps.changes.removeAll()
      steps.checked = steps.current
    }
  }

  /// Forgets the changes of the steps up to `step` (every change, for `Int.max`): they have
  /// been checked.
  package func forget(through step: Int) {
    steps.withLock { steps in
      steps.checking = .max
      steps.checked = max(steps.checked, min(step, steps.current))
      for id in Array(steps.changes.keys) {
        steps.changes[id]?.expected = nil
        steps.changes[id]?.asserted = false
        steps.changes[id]?.before.removeAll { step == .max || $0.step <= step }
        if steps.changes[id]?.before.isEmpty == true { steps.changes[id] = nil }
      }
    }
  }

  /// Records `box`'s value before a change, unless the step the change belongs to already
  /// changed it.
  func trackBeforeChange<Value: Sendable>(of box: SharedBox<Value>, value: Value) {
    steps.withLock { steps in
      let step = max(steps.reducing ? steps.current : steps.current + 1, steps.checked + 1)
      let id = ObjectIdentifier(box)
      if let last = steps.changes[id]?.before.last, last.step >= step { return }
      steps.changes[id, default: Change(box: box)].before.append((step, value))
    }
  }

  /// The value of `box` the assertion checking now expects, if a change touched it.
  func snapshot<Value: Sendable>(of box: SharedBox<Value>) -> Value? {
    steps.withLock { $0.changes[ObjectIdentifier(box)]?.valueAtStart as? Value }
  }

  /// The value of `box` as the step checked now ended, if a change touched it.
  func actual<Value: Sendable>(of box: SharedBox<Value>) -> Value? {
    steps.withLock { steps in
      steps.changes[ObjectIdentifier(box)]?.valueAtEnd(of: steps.checking) as? Value
    }
  }

  /// Replaces what the assertion checking now expects of `box` (the assertion changed it).
  func setSnapshot<Value: Sendable>(_ value: Value, of box: SharedBox<Value>) {
    steps.withLock { steps in
      steps.changes[ObjectIdentifier(box), default: Change(box: box)].expected = value
    }
  }

  /// Marks the change of `box` as asserted: a comparison has checked it.
  func markAsserted(_ box: any AnySharedBox) {
    steps.withLock { $0.changes[ObjectIdentifier(box)]?.asserted = true }
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
