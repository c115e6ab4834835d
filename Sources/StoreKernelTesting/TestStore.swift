import MultiStorePrimitives
public import StoreKernel
public import Testing

/// A store for tests that checks every state change and every action effects send back.
///
/// Exhaustive by default: each `send` and `receive` states how the state changes, every action
/// an effect sends must be received, and no effect may still be running at
/// ``finish(timeout:sourceLocation:)`` or when the test store is released (the failure points
/// at the `send` that started it). Failures are recorded as issues of the running Swift Testing
/// test, with the path of every change: `notes[1].title: "a" → "b"`. Set ``exhaustivity`` to
/// `.off` to check only what the test asserts, as TCA's non-exhaustive test stores do.
///
/// ```swift
/// @MainActor @Test func incrementing() async {
///   let store = TestStore(initialState: Counter.State(), reducer: Counter())
///   await store.send(.incrementTapped) { $0.count = 1 }
/// }
/// ```
///
/// Effects run on a serial executor of the test store's own, so a ``TestClock`` in its
/// dependencies moves them deterministically, and `send`, `receive` and `finish` wait on
/// signals, never on a poll. Dependencies resolve to their test values; a live value the test
/// did not override is reported. Not `Sendable`: confined to the actor it was created on.
public final class TestStore<State: Equatable, Action: Sendable> {
  /// How strictly this test store checks; `.on` unless changed. See ``Exhaustivity``; to
  /// change it for a part of a test, `withExhaustivity(_:operation:)`.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and `finish` wait for effects doing real work, unless told otherwise.
  /// Effects waiting on a ``TestClock`` are not waited for: only a failing test waits this
  /// long.
  public var timeout: Duration = .seconds(5)

  /// The store under test: FeatureBridgeTesting reaches the features it presents.
  package let store: Store<State, Action>
  let recorder: TestRecorder<State, Action>
  /// Whether the feature dismissed itself (``isDismissed``).
  private let dismissed: LockedValue<Bool>
  /// Where the feature's effects run: the test clock's executor when the `clock` dependency is
  /// a ``TestClock``, otherwise an executor of the test store's own.
  private(set) var executor: SerialEffectExecutor
  let createdAt: SourceLocation
  /// The snapshots of the shared values the feature changes, until the test asserts them.
  let tracker: SharedChangeTracker

  /// Creates a test store.
  ///
  /// `initialState` is evaluated with the test store's dependencies (after
  /// `prepareDependencies`), so state that reads a dependency while it is made, an id from
  /// `@Dependency(\.uuid)` say, gets the test's value, and the store's reducer goes on from
  /// there. A test store made inside `withDependencies` starts from its overrides.
  ///
  /// - Parameters:
  ///   - initialState: The state the feature starts in.
  ///   - reducer: The feature's logic.
  ///   - prepareDependencies: Overrides dependencies (test context is already set).
  ///   - isolation: The actor the store is confined to; the caller's by default.
  ///   - sourceLocation: Where the test store was created, for failures found at release.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where R.State == State, R.Action == Action {
    TestIssues.install()
    var values = DependencyValues.forNewStore
    values.context = .test
    // A feature that nothing presents and dismisses itself: the test store notes it, as TCA's
    // does, where a store outside a test reports it.
    let dismissed = LockedValue(false)
    values.dismissedAtRoot = { dismissed.withLock { $0 = true } }
    prepareDependencies(&values)
    let tracker = SharedChangeTracker()
    values.sharedChangeTracker = tracker
    let executor = Self.runEffects(
      of: &values, otherwise: SerialEffectExecutor(label: "TestStore effects"))
    let prepared = values
    let initialState = withDependencies {
      $0 = prepared
    } operation: {
      initialState()
    }
    let recorder = TestRecorder<State, Action>(initialState: initialState, tracker: tracker)
    self.recorder = recorder
    self.dismissed = dismissed
    self.createdAt = sourceLocation
    self.tracker = tracker
    self.store = Store(
      initialState: initialState,
      reducer: RecordingReducer(base: reducer, recorder: recorder),
      name: "TestStore<\(State.self)>",
      withDependencies: { $0 = prepared },
      isolation: isolation
    )
    self.executor = executor
  }

  /// Creates a test store in TCA's shape, the reducer in a trailing closure:
  /// `TestStore(initialState: Feature.State()) { Feature() } withDependencies: { … }`. The same
  /// as ``init(initialState:reducer:withDependencies:isolation:sourceLocation:)``.
  ///
  /// - Parameters:
  ///   - initialState: The state the feature starts in.
  ///   - reducer: Makes the feature's logic: one reducer, or several, run in order (a
  ///     `ReducerBuilder` block).
  ///   - prepareDependencies: Overrides dependencies (test context is already set).
  ///   - isolation: The actor the store is confined to; the caller's by default.
  ///   - sourceLocation: Where the test store was created, for failures found at release.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: reducer(), withDependencies: prepareDependencies,
      isolation: isolation, sourceLocation: sourceLocation)
  }

  deinit {
    checkAtRelease()
  }

  /// The state as of the last assertion: after the last `send` or `receive`. Inside an
  /// assertion closure, the state before the step being asserted. A non-exhaustive test store
  /// applies the actions effects send as they arrive, as TCA's does: its state is the store's
  /// current state, received actions not asserted included, and the next `send` starts from it.
  public var state: State {
    exhaustivity == .on ? recorder.lastAsserted : store.state
  }

  /// Whether the feature has dismissed itself: one of its effects called the `dismiss`
  /// dependency (`await dismiss()`) while nothing presents it, as a presented feature does to
  /// close its sheet or pop its screen. A test that sets its own `dismiss` gets its own
  /// instead. (A store outside a test reports such a `dismiss()`.)
  ///
  /// ```swift
  /// await store.send(.closeTapped) { $0.closing = true }
  /// await store.finish()
  /// #expect(store.isDismissed)
  /// ```
  public var isDismissed: Bool { dismissed.withLock { $0 } }

  /// The counts of the underlying store.
  public var events: StoreEvents { store.events }

  /// The dependencies the feature's reducer and new effects see. Change them after creating
  /// the test store (before the first `send`, typically) as `withDependencies` would:
  ///
  /// ```swift
  /// store.dependencies.clock = clock
  /// ```
  public var dependencies: DependencyValues {
    get { store.dependencyValues }
    set {
      var values = newValue
      executor = Self.runEffects(of: &values, otherwise: executor)
      store.dependencyValues = values
    }
  }

  /// Runs the effects on the test clock's executor when the `clock` dependency is a test clock,
  /// else on `executor`; returns the one chosen.
  private static func runEffects(
    of values: inout DependencyValues, otherwise executor: SerialEffectExecutor
  ) -> SerialEffectExecutor {
    let chosen = (values.clockOverride as? TestClock)?.testExecutor ?? executor
    values.effectExecutor = chosen
    return chosen
  }

  /// Sends `action` and checks the state change.
  ///
  /// - Parameters:
  ///   - action: The action to send, as a view or a parent would.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  nonisolated(nonsending) public func send(
    _ action: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> StoreTask {
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        Issue.record(
          Comment(
            rawValue: "Must handle received actions before sending an action. "
              + unreceivedMessage()), sourceLocation: sourceLocation)
      } else {
        reportSkipped(unreceivedMessage(), sourceLocation: sourceLocation)
      }
    }
    // The next assertion starts from the state the dropped actions left, so their changes are
    // not blamed on this action.
    dropReceivedActions()
    let before = recorder.lastAsserted
    recorder.expectingTestAction = true
    recorder.stateAfterTestAction = nil
    recorder.stackIDsBeforeTestAction = nil
    // The effects the action starts wait until the step is checked: one that changes a shared
    // value belongs to a later step.
    let (task, after) = executor.holdingJobs {
      let task = store.send(action)
      let after = recorder.stateAfterTestAction ?? store.state
      check(
        before: before, after: after, updateExpected, step: "send(\(action))",
        sharedStep: recorder.testActionStep, stackIDs: recorder.stackIDsBeforeTestAction,
        sourceLocation: sourceLocation)
      return (task, after)
    }
    recorder.lastAsserted = after
    recorder.sends.append((task, "\(action)", sourceLocation))
    await executor.settle()
    return task
  }

  /// Drops the actions effects sent that the test has not received, without asserting them,
  /// as TCA's does: the next assertion starts from the state they left. Synchronous, where
  /// TCA's is `async`: every `send` and `receive` has already waited for the actions that were
  /// ready (`await store.skipReceivedActions()` compiles, with a warning that nothing waits).
  ///
  /// What it drops is shown as a skipped assertion (an issue of severity `.warning`, which
  /// does not fail the test) when the store is exhaustive or shows skipped assertions.
  ///
  /// - Parameters:
  ///   - strict: Whether to fail the test when there is no action to skip (the default).
  ///   - sourceLocation: Where to report.
  public func skipReceivedActions(
    strict: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard !recorder.received.isEmpty else {
      if strict {
        Issue.record(
          Comment(rawValue: "There were no received actions to skip."),
          sourceLocation: sourceLocation)
      }
      return
    }
    let message =
      "\(recorder.received.count) received action(s) were skipped: "
      + "\(recorder.describeReceived())."
    if exhaustivity == .on {
      Issue.record(
        Comment(rawValue: "Skipped assertions: " + message), severity: .warning,
        sourceLocation: sourceLocation)
    } else {
      reportSkipped(message, sourceLocation: sourceLocation)
    }
    dropReceivedActions()
  }

  /// Drops the received actions without a word: the next assertion starts from the state they
  /// left.
  func dropReceivedActions() {
    if let last = recorder.received.last { recorder.lastAsserted = last.state }
    recorder.received.removeAll()
  }

  /// Cancels every effect still running and waits until they have ended (at most
  /// ``timeout``), so the end of the test does not report them, as TCA's does.
  nonisolated(nonsending) public func skipInFlightEffects() async {
    store.cancelRunningEffects()
    recorder.sends.removeAll()
    await untilCancelledEffectsEnd()
  }

  /// Waits until the effects just cancelled have ended (a cancelled task ends at its next
  /// suspension), at most ``timeout``: the end of the test then finds none running.
  nonisolated(nonsending) func untilCancelledEffectsEnd() async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while store.runningEffectCount > 0, ContinuousClock.now < deadline {
      await TaskWait.any(store.runningTasks, until: deadline)
      await executor.settle()
    }
  }

  /// Checks one step: `sharedStep` is its number in the shared change tracker (`Int.max`:
  /// every change so far).
  func check(
    before: State, after: State, _ updateExpected: ((inout State) throws -> Void)?,
    step: String, sharedStep: Int, stackIDs: StackElementIDGenerator? = nil,
    sourceLocation: SourceLocation, allowsNoChange: Bool = false
  ) {
    // Shared values read and write their snapshots meanwhile: the expected state holds what
    // the test expects of them, the actual state (compared on the right) what the step did.
    tracker.assert(through: sharedStep) {
      if exhaustivity != .on { tracker.reset() }
      let sharedChanged = tracker.hasChanges(through: sharedStep)
      compare(
        before: before, after: after, updateExpected, step: step, stackIDs: stackIDs,
        sourceLocation: sourceLocation, allowsNoChange: allowsNoChange || sharedChanged)
    }
  }

  private func compare(
    before: State, after: State, _ updateExpected: ((inout State) throws -> Void)?,
    step: String, stackIDs: StackElementIDGenerator?, sourceLocation: SourceLocation,
    allowsNoChange: Bool
  ) {
    var expected = exhaustivity == .on ? before : after
    if let updateExpected {
      do {
        // With the store's stack ids as they were before the step: `$0.path.append(x)` in the
        // assertion gets the id the reducer's append got.
        var values = store.dependencyValues
        if let stackIDs { values.stackElementID = stackIDs }
        try values.withCurrent { try updateExpected(&expected) }
      } catch {
        Issue.record(
          Comment(rawValue: "The assertion of \(step) threw: \(error)"),
          sourceLocation: sourceLocation)
        return
      }
      if exhaustivity == .on, !allowsNoChange, expected == before, after == before {
        Issue.record(
          Comment(
            rawValue: "Expected state to change, but no change occurred after \(step). The "
              + "assertion closure changed nothing, and neither did the step; if no change is "
              + "expected, leave the closure out."),
          sourceLocation: sourceLocation)
        return
      }
    }
    guard expected != after else {
      if exhaustivity == .off(showSkippedAssertions: true) {
        reportSkippedChanges(
          before: before, after: after, updateExpected, step: step,
          sourceLocation: sourceLocation)
      }
      return
    }
    let headline =
      updateExpected == nil
      ? "State changed but no change was asserted after \(step)"
      : "State after \(step) does not match the expected state"
    Issue.record(
      Comment(
        rawValue: "\(headline). (expected → actual)\n"
          + StateDiff.lines(from: expected, to: after).map { "  \($0)" }.joined(separator: "\n")),
      sourceLocation: sourceLocation)
  }

  /// What an exhaustive test store would have reported for this step, as a skipped assertion.
  private func reportSkippedChanges(
    before: State, after: State, _ updateExpected: ((inout State) throws -> Void)?,
    step: String, sourceLocation: SourceLocation
  ) {
    var strict = before
    guard (try? updateExpected?(&strict)) != nil || updateExpected == nil, strict != after
    else { return }
    reportSkipped(
      "state changes after \(step) were not asserted. (expected → actual)\n"
        + StateDiff.lines(from: strict, to: after).map { "  \($0)" }.joined(separator: "\n"),
      sourceLocation: sourceLocation)
  }

  func unreceivedMessage() -> String {
    "\(recorder.received.count) received action(s) were not asserted: "
      + "\(recorder.describeReceived())."
  }
}

/// Wakes a test store's waiting `receive` from its timeout task, on the store's actor.
struct SendableRecorderWake: @unchecked Sendable {
  // SAFETY: `wake` is only called inside `onIsolation(isolation)`, on the actor that owns the
  // recorder it belongs to.
  let wake: () -> Void
  let isolation: any Actor

  init(_ wake: @escaping () -> Void, isolation: any Actor) {
    self.wake = wake
    self.isolation = isolation
  }

  func callAsFunction() async {
    await onIsolation(isolation) { wake() }
  }
}

/// A test store of `R`'s domain: `let store: TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
