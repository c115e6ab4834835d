import StoreKernel
import StoreKernelTesting
import Testing

private struct AssertionFailure: Error {}

@MainActor
@Suite struct TestStoreTests {
  let clock = TestClock()

  private func makeStore() -> TestStore<Counter.State, Counter.Action> {
    TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
  }

  // MARK: - Passing paths

  /// TCA's shape: the reducer in a trailing closure, then the dependencies.
  @Test func aTestStoreTakesItsReducerInATrailingClosure() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.greeting = "hello"
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.greet) { $0.log = ["hello"] }
    let plain = Store(initialState: Counter.State()) { Counter() }
    plain.send(.increment)
    #expect(plain.state.count == 1)
  }

  @Test func sendAssertsTheStateChange() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    #expect(store.state.count == 2)
  }

  @Test func sendOfAnActionThatChangesNothingNeedsNoAssertion() async {
    let store = makeStore()
    await store.send(.noop)
    #expect(store.state == Counter.State())
  }

  @Test func receiveAssertsAnActionAnEffectSentAfterTheClockMoved() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    await store.receive(.incrementResponse) { $0.count = 2 }
  }

  @Test func receiveTakesActionsInTheOrderTheyWereSent() async {
    let store = makeStore()
    await store.send(.fetchPair)
    await store.receive(.first) { $0.log = ["first"] }
    await store.receive(.second) { $0.log = ["first", "second"] }
  }

  @Test func actionsFedBackBySendEffectsAreReceived() async {
    let store = makeStore()
    await store.send(.incrementTwice) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
  }

  @Test func receiveCanMatchAnActionByPredicate() async {
    let store = makeStore()
    await store.send(.fetchPair)
    await store.receive("an action named first", matching: { $0 == .first }) {
      $0.log = ["first"]
    }
    await store.receive(.second) { $0.log = ["first", "second"] }
  }

  @Test func finishPassesOnceEveryEffectEndedAndEveryActionWasReceived() async {
    let store = makeStore()
    await store.send(.fetchSteps)
    await store.receive(.step(1)) { $0.log = ["step 1"] }
    await store.receive(.step(2)) { $0.log = ["step 1", "step 2"] }
    await store.receive(.step(3)) { $0.log = ["step 1", "step 2", "step 3"] }
    await store.finish()
    #expect(store.events.effectsFinished == 1)
  }

  @Test func sendReturnsAHandleOnTheEffectsItStarted() async {
    let store = makeStore()
    let task = await store.send(.fetchPair)
    #expect(!task.isEmpty)
    await task.finish()
    await store.receive(.first) { $0.log = ["first"] }
    await store.receive(.second) { $0.log = ["first", "second"] }
  }

  @Test func skipReceivedActionsDropsThemAndAssertsFromTheirState() async {
    let store = makeStore()
    await store.send(.fetchSteps).finish()
    store.skipReceivedActions()
    await store.send(.increment) {
      $0.count = 1
      $0.log = ["step 1", "step 2", "step 3"]
    }
  }

  /// As TCA's: what an exhaustive store skips is shown as a skipped assertion (a warning), and
  /// a skip with nothing to skip fails unless it is not strict.
  @Test func skipReceivedActionsShowsWhatItSkippedAndFailsWhenThereIsNothing() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.fetchPair)
      store.skipReceivedActions()
      store.skipReceivedActions()
      store.skipReceivedActions(strict: false)
    }
    #expect(
      issues == [
        "Skipped assertions: 2 received action(s) were skipped: first, second.",
        "There were no received actions to skip.",
      ])
  }

  @Test func dependenciesResolveToTestValuesUnlessOverridden() async {
    let plain = makeStore()
    let greeted = TestStore(initialState: Counter.State(), reducer: Counter()) {
      $0.greeting = "hi"
    }
    await plain.send(.greet) { $0.log = ["test greeting"] }
    await greeted.send(.greet) { $0.log = ["hi"] }
  }

  @Test func eventsAreTheUnderlyingStoresCounts() async {
    let store = makeStore()
    await store.send(.incrementTwice) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    #expect(store.events.actionsReceived == 2)
    #expect(store.events.reducerRuns == 2)
  }

  @Test func nonExhaustiveModeSkipsUnassertedActionsAndChanges() async {
    let store = makeStore()
    store.exhaustivity = .off

    await store.send(.increment)
    await store.send(.fetchSteps)
    await store.receive(.step(3)) { $0.log = ["step 1", "step 2", "step 3"] }
    await store.send(.incrementTwice) { $0.count = 2 }
    await store.finish()

    #expect(store.state == Counter.State(count: 3, log: ["step 1", "step 2", "step 3"]))
  }

  @Test func stateIsTheStateAsOfTheLastAssertion() async {
    let store = makeStore()
    await store.send(.incrementTwice) {
      // Inside the assertion: the state before the step.
      #expect(store.state.count == 0)
      $0.count = 1
    }
    // The `.increment` it sent has run, but is not asserted yet.
    #expect(store.state.count == 1)
    await store.receive(.increment) { $0.count = 2 }
    #expect(store.state.count == 2)
  }

  @Test func dependenciesCanBeChangedAfterCreationBeforeTheFirstSend() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.dependencies.greeting = "changed later"
    await store.send(.greet) { $0.log = ["changed later"] }
  }

  @Test func aTestClockSetAfterCreationDrivesTheEffects() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.dependencies.clock = clock
    await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    await store.receive(.incrementResponse) { $0.count = 1 }
  }

  @Test func nonExhaustiveFinishLeavesRunningEffectsWithoutAFailure() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.waitForever)
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  // MARK: - Failures

  @Test func anAssertionThatChangesNothingWhenNothingChangedFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.noop) { _ in }
    }

    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        "Expected state to change, but no change occurred after send(noop).") == true)
  }

  @Test func anEffectStillRunningIsReportedAtTheSendThatStartedIt() async {
    let store = makeStore()
    let line = #line + 2
    await withKnownIssue {
      await store.send(.waitForever)
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.message.hasPrefix("An effect returned for waitForever is still running.")
    }
  }

  @Test func aWrongStateAssertionFailsWithADiff() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.increment) { $0.count = 2 }
    }

    #expect(issues.count == 1)
    #expect(
      issues.first
        == """
        State after send(increment) does not match the expected state. (expected → actual)
          count: 2 → 1
        """)
  }

  @Test func anUnassertedStateChangeFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.increment)
    }

    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix("State changed but no change was asserted after send(increment)")
        == true)
    #expect(issues.first?.contains("  count: 0 → 1") == true)
  }

  @Test func anAssertionThatThrowsFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.increment) { _ in throw AssertionFailure() }
    }

    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("The assertion of send(increment) threw") == true)
  }

  @Test func anUnreceivedActionFailsAtFinish() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.fetchPair)
      await store.receive(.first) { $0.log = ["first"] }
      await store.finish()
      // The unasserted action's change is not blamed on the next send.
      await store.send(.noop)
    }

    #expect(issues == ["1 received action(s) were not asserted: second."])
  }

  @Test func sendingBeforeReceivingFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.incrementTwice) { $0.count = 1 }
      // One failure: the dropped action's change is not blamed on `noop` as well.
      await store.send(.noop)
    }

    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Must handle received actions before sending") == true)
    #expect(issues.first?.contains("not asserted: increment.") == true)
  }

  @Test func receivingTheWrongActionFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.fetchPair)
      await store.receive(.second) { $0.log = ["first", "second"] }
      // Later assertions start from the state after the action that was asked for.
      await store.send(.increment) { $0.count = 1 }
      await store.finish()
    }

    #expect(issues == ["Expected to receive second, but first received first."])
  }

  @Test func receiveTimesOutWhenNoActionArrives() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.receive(.incrementResponse, timeout: .milliseconds(20))
    }

    #expect(
      issues == [
        "Expected to receive incrementResponse within the timeout. No action was received."
      ])
  }

  @Test func receiveTimesOutNamingTheActionsThatDidArrive() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.fetchPair)
      await store.receive(.first) { $0.log = ["first"] }
      await store.receive(.incrementResponse, timeout: .milliseconds(20))
      skipReceivedActionsQuietly(of: store)
      await store.finish()
    }

    #expect(
      issues == [
        "Expected to receive incrementResponse within the timeout. Received instead: second."
      ])
  }

  @Test func anEffectStillRunningAtFinishFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.waitForever)
      await store.finish(timeout: .milliseconds(20))
      #expect(clock.sleeperCount == 0)
    }

    #expect(
      issues == [
        "An effect returned for waitForever is still running. It must end before the test "
          + "does: receive its actions, advance the clock it waits on, cancel it, or await "
          + "`store.finish()`."
      ])
  }

  @Test func releasingTheStoreWithUnreceivedActionsFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.incrementTwice) { $0.count = 1 }
    }

    #expect(issues == ["1 received action(s) were not asserted: increment."])
  }

  @Test func releasingTheStoreWithARunningEffectFails() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.waitForever)
    }

    // Reported at the send that started the effect, which is cancelled.
    #expect(
      issues == [
        "An effect returned for waitForever is still running. It must end before the test "
          + "does: receive its actions, advance the clock it waits on, cancel it, or await "
          + "`store.finish()`."
      ])
    #expect(clock.sleeperCount == 0)
  }

  @Test func nonExhaustiveModeStillChecksWhatIsAsserted() async {
    let issues = await knownIssues {
      let store = makeStore()
      store.exhaustivity = .off
      await store.send(.increment) { $0.count = 5 }
    }

    #expect(issues.count == 1)
    #expect(issues.first?.contains("  count: 5 → 1") == true)
  }

  @Test func nonExhaustiveModeStillFailsWhenAnActionNeverArrives() async {
    let issues = await knownIssues {
      let store = makeStore()
      store.exhaustivity = .off
      await store.send(.fetchPair)
      await store.receive(.incrementResponse, timeout: .milliseconds(20))
    }

    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Expected to receive incrementResponse") == true)
  }

  @Test func reachingALiveDependencyFails() async {
    let issues = await knownIssues {
      let store = TestStore(initialState: Counter.State(), reducer: Counter())
      await store.send(.touchClock)
    }

    #expect(issues.count == 1)
    // The key is named as a person would write it, not with the runtime's private context.
    #expect(issues.first?.contains("dependency 'StoreKernel.ClockKey'") == true)
    #expect(issues.first?.contains("unknown context") == false)
  }
}
