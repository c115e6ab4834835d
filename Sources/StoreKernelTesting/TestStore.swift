public import StoreKernel
public import Testing

/// A store for tests that checks every state change and every action effects send back.
///
/// Exhaustive by default: each `send` and `receive` states how the state changes, every action
/// an effect sends must be received, and no effect may still be running when the test store is
/// released (or at ``finish(timeout:sourceLocation:)``). Failures are recorded as issues of the
/// running Swift Testing test, with a diff.
///
/// ```swift
/// @MainActor @Test func incrementing() async {
///   let store = TestStore(initialState: Counter.State(), reducer: Counter())
///   await store.send(.incrementTapped) { $0.count = 1 }
/// }
/// ```
///
/// Dependencies resolve to their test values; a live value the test did not override is
/// reported. Not `Sendable`: confined to the actor it was created on.
public final class TestStore<State: Equatable, Action: Sendable> {
  /// How strictly the test store checks.
  public enum Exhaustivity: Sendable, Equatable {
    /// Every state change and received action must be asserted.
    case on
    /// Only what the test asserts is checked; unasserted received actions are skipped.
    case off
  }

  /// How strictly this test store checks; `.on` unless changed.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and `finish` wait for effects, unless told otherwise. Only a failing
  /// test waits this long; it is generous because CI machines under load (sanitizers, parallel
  /// suites) can stall an effect's thread for a good part of a second.
  public var timeout: Duration = .seconds(5)

  let store: Store<State, Action>
  let recorder: TestRecorder<State, Action>
  private let createdAt: SourceLocation

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state the feature starts in.
  ///   - reducer: The feature's logic.
  ///   - prepareDependencies: Overrides dependencies (test context is already set).
  ///   - isolation: The actor the store is confined to; the caller's by default.
  ///   - sourceLocation: Where the test store was created, for failures found at release.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where R.State == State, R.Action == Action {
    TestIssues.install()
    let recorder = TestRecorder<State, Action>(initialState: initialState)
    self.recorder = recorder
    self.createdAt = sourceLocation
    self.store = Store(
      initialState: initialState,
      reducer: RecordingReducer(base: reducer, recorder: recorder),
      name: "TestStore<\(State.self)>",
      withDependencies: {
        $0.context = .test
        prepareDependencies(&$0)
      },
      isolation: isolation
    )
  }

  deinit {
    guard exhaustivity == .on else {
      store.cancelRunningEffects()
      return
    }
    if !recorder.received.isEmpty {
      Issue.record(
        Comment(rawValue: unreceivedMessage()), sourceLocation: createdAt)
    }
    // An effect's task ends just after its last action hops back to the store, so a test that
    // received that action can release the store a moment before the task has ended. Effects
    // run on other threads: give them a short, bounded grace period (deinit cannot await).
    var running = store.runningEffectCount
    let deadline = ContinuousClock.now.advanced(by: .seconds(1))
    while running > 0, ContinuousClock.now < deadline {
      GracePeriod.pause()
      running = store.runningEffectCount
    }
    if running > 0 {
      Issue.record(
        Comment(
          rawValue: "\(running) effect(s) still running when the test store was released. "
            + "Receive their actions, cancel them, or await `store.finish()`."),
        sourceLocation: createdAt)
      store.cancelRunningEffects()
    }
  }

  /// The current state.
  public var state: State { store.state }

  /// The counts of the underlying store.
  public var events: StoreEvents { store.events }

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
    if exhaustivity == .on, !recorder.received.isEmpty {
      Issue.record(
        Comment(
          rawValue: "Must handle received actions before sending an action. "
            + unreceivedMessage()), sourceLocation: sourceLocation)
    }
    // The next assertion starts from the state the dropped actions left, so their changes are
    // not blamed on this action.
    skipReceivedActions()
    let before = recorder.lastAsserted
    recorder.expectingTestAction = true
    let task = store.send(action)
    let after = recorder.stateAfterTestAction ?? store.state
    check(
      before: before, after: after, updateExpected, step: "send(\(action))",
      sourceLocation: sourceLocation)
    recorder.lastAsserted = after
    await Task.yield()
    return task
  }

  /// Waits for an action sent by an effect, checks it is `expected`, and checks the state change.
  ///
  /// - Parameters:
  ///   - expected: The action the effect must have sent next.
  ///   - timeout: How long to wait; ``timeout`` by default.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async where Action: Equatable {
    await receive(
      "\(expected)", timeout: timeout, matching: { $0 == expected }, assert: updateExpected,
      sourceLocation: sourceLocation)
  }

  /// Waits for an action sent by an effect that `matches`, and checks the state change.
  ///
  /// - Parameters:
  ///   - description: How to name the expected action in a failure.
  ///   - timeout: How long to wait; ``timeout`` by default.
  ///   - matches: Says whether a received action is the expected one.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive(
    _ description: String,
    timeout: Duration? = nil,
    matching matches: (Action) -> Bool,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
    while true {
      if let index = recorder.received.firstIndex(where: { matches($0.action) }) {
        if exhaustivity == .on, index > 0 {
          Issue.record(
            Comment(
              rawValue: "Expected to receive \(description), but first received "
                + "\(recorder.received[0].action)."), sourceLocation: sourceLocation)
          recorder.lastAsserted = recorder.received[index].state
          recorder.received.removeFirst(index + 1)
          return
        }
        let received = recorder.received[index]
        let before = exhaustivity == .on ? recorder.lastAsserted : recorder.stateBefore(index)
        recorder.received.removeFirst(index + 1)
        check(
          before: before, after: received.state, updateExpected,
          step: "receive(\(received.action))", sourceLocation: sourceLocation)
        recorder.lastAsserted = received.state
        return
      }
      if ContinuousClock.now >= deadline {
        let pending =
          recorder.received.isEmpty
          ? "No action was received." : "Received instead: \(recorder.describeReceived())."
        Issue.record(
          Comment(rawValue: "Expected to receive \(description) within the timeout. \(pending)"),
          sourceLocation: sourceLocation)
        return
      }
      await Task.yield()
      if recorder.received.isEmpty {
        try? await Task.sleep(for: .microseconds(200))
      }
    }
  }

  /// Waits for every running effect to end, then checks nothing was left unasserted.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for effects; ``timeout`` by default.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func finish(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
  )
    async
  {
    let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
    while store.runningEffectCount > 0, ContinuousClock.now < deadline {
      await Task.yield()
      try? await Task.sleep(for: .microseconds(200))
    }
    let running = store.runningEffectCount
    if running > 0 {
      Issue.record(
        Comment(rawValue: "\(running) effect(s) still running after the timeout."),
        sourceLocation: sourceLocation)
      store.cancelRunningEffects()
    }
    if exhaustivity == .on, !recorder.received.isEmpty {
      Issue.record(Comment(rawValue: unreceivedMessage()), sourceLocation: sourceLocation)
      skipReceivedActions()
    }
  }

  /// Drops received actions without asserting them (for a non-exhaustive end of test).
  public func skipReceivedActions() {
    if let last = recorder.received.last { recorder.lastAsserted = last.state }
    recorder.received.removeAll()
  }

  private func check(
    before: State, after: State, _ updateExpected: ((inout State) throws -> Void)?,
    step: String, sourceLocation: SourceLocation
  ) {
    var expected = exhaustivity == .on ? before : after
    if let updateExpected {
      do {
        try updateExpected(&expected)
      } catch {
        Issue.record(
          Comment(rawValue: "The assertion of \(step) threw: \(error)"),
          sourceLocation: sourceLocation)
        return
      }
    }
    guard expected != after else { return }
    let diff = StateDiff.diff(StateDiff.dumpLines(expected), StateDiff.dumpLines(after))
    let headline =
      updateExpected == nil
      ? "State changed but no change was asserted after \(step)"
      : "State after \(step) does not match the expected state"
    Issue.record(
      Comment(
        rawValue: "\(headline). (−: expected, +: actual)\n"
          + diff.map { "  \($0)" }.joined(separator: "\n")),
      sourceLocation: sourceLocation)
  }

  private func unreceivedMessage() -> String {
    "\(recorder.received.count) received action(s) were not asserted: "
      + "\(recorder.describeReceived())."
  }
}
