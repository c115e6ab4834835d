public import StoreKernel
public import Testing

extension TestStore {
  /// Waits for an action sent by an effect, checks it is `expected`, and checks the state change.
  ///
  /// - Parameters:
  ///   - expected: The action the effect must have sent next.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
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

  /// Waits for an action sent by an effect, checks it is `expected`, compared by reflection
  /// (its case, and each stored value with `==` where it is `Equatable`, part by part where it
  /// is not; a closure cannot be compared and counts as equal), and checks the state change:
  /// for an `Action` that is not `Equatable`. TCA's `receive(\.timerTick)` for a case without a
  /// payload is `receive(.timerTick)`; so is `receive(\.timer.tick)` `receive(.timer(.tick))`.
  ///
  /// ```swift
  /// await store.receive(.timerTick) { $0.ticks = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The action the effect must have sent next.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      "\(expected)", timeout: timeout,
      matching: { ReflectedEquality.equal(expected, $0) }, assert: updateExpected,
      sourceLocation: sourceLocation)
  }

  /// Waits for an action sent by an effect that `matches`, and checks the state change.
  ///
  /// - Parameters:
  ///   - description: How to name the expected action in a failure.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
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
    await executor.settle()
    var settledAfterDeadline = false
    while true {
      if let index = recorder.received.firstIndex(where: { matches($0.action) }) {
        assertReceived(
          at: index, description: description, updateExpected, sourceLocation: sourceLocation)
        // Let the effect that sent it go on to its next rest (or its end) before the test does.
        await executor.settle()
        return
      }
      if ContinuousClock.now >= deadline, !settledAfterDeadline {
        // The timeout bounds real work elsewhere; what the store's own effects still had to
        // do (they may only have been slow to get a thread on a loaded machine) is waited
        // for once more, on the executor's signal, before the test fails.
        settledAfterDeadline = true
        await executor.settle()
        continue
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
      await nextReceivedAction(until: deadline)
    }
  }

  private func assertReceived(
    at index: Int, description: String, _ updateExpected: ((inout State) throws -> Void)?,
    sourceLocation: SourceLocation
  ) {
    if exhaustivity == .on, index > 0 {
      Issue.record(
        Comment(
          rawValue: "Expected to receive \(description), but first received "
            + "\(recorder.received[0].action)."), sourceLocation: sourceLocation)
      recorder.lastAsserted = recorder.received[index].state
      tracker.forget(through: recorder.received[index].step)
      recorder.received.removeFirst(index + 1)
      return
    }
    if index > 0 {
      reportSkipped(
        "\(index) received action(s) before \(description) were not asserted: "
          + recorder.received[..<index].map { "\($0.action)" }.joined(separator: ", ") + ".",
        sourceLocation: sourceLocation)
    }
    let received = recorder.received[index]
    let before = exhaustivity == .on ? recorder.lastAsserted : recorder.stateBefore(index)
    recorder.received.removeFirst(index + 1)
    check(
      before: before, after: received.state, updateExpected,
      step: "receive(\(received.action))", sharedStep: received.step,
      stackIDs: received.stackIDs, sourceLocation: sourceLocation)
    recorder.lastAsserted = received.state
  }

  /// Suspends until an effect sends an action, or `deadline` passes.
  nonisolated(nonsending) private func nextReceivedAction(
    until deadline: ContinuousClock.Instant
  ) async {
    let wake = SendableRecorderWake(recorder.wake, isolation: store.isolation)
    let timer = Task {
      try? await Task.sleep(until: deadline, clock: .continuous)
      await wake()
    }
    await recorder.nextAction()
    timer.cancel()
  }

  /// Waits for an action sent by an effect that is in the case `actionCase`, and checks the
  /// state change: TCA's `receive(\.case)`, without asserting the payload.
  ///
  /// ```swift
  /// await store.receive(Search.Action.responsePath) { $0.results = ["a"] }
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case the received action must be in.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive<Value>(
    _ actionCase: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      "an action of the case path to \(Value.self)", timeout: timeout,
      matching: { actionCase.extract($0) != nil }, assert: updateExpected,
      sourceLocation: sourceLocation)
  }

  /// Waits for an action sent by an effect that is in the case `actionCase`, checks that its
  /// payload is `expected`, and checks the state change: TCA's `receive(\.case, value)`.
  ///
  /// The first action in the case is the one received; a different payload is a failure that
  /// shows the difference, not a reason to wait for another action.
  ///
  /// ```swift
  /// await store.receive(Editor.Action.delegatePath, .saved("draft"))
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case the received action must be in.
  ///   - expected: The payload the action must carry.
  ///   - timeout: How long to wait for effects doing real work; ``timeout`` by default.
  ///   - updateExpected: Mutates a copy of the previous state into the expected new state.
  ///   - sourceLocation: Where to report a failure.
  nonisolated(nonsending) public func receive<Value: Equatable>(
    _ actionCase: CasePath<Action, Value>,
    _ expected: Value,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    var mismatch: Value?
    await receive(
      "an action of the case path to \(Value.self)", timeout: timeout,
      matching: { action in
        guard let payload = actionCase.extract(action) else { return false }
        if payload != expected { mismatch = payload }
        return true
      }, assert: updateExpected, sourceLocation: sourceLocation)
    guard let mismatch else { return }
    Issue.record(
      Comment(
        rawValue: "The received action's payload is not the expected one. (expected → actual)\n"
          + StateDiff.lines(from: expected, to: mismatch).map { "  \($0)" }.joined(
            separator: "\n")), sourceLocation: sourceLocation)
  }
}
