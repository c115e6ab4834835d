import StoreKernel
import StoreKernelTesting
import Testing

/// A feature whose effect does real work: it waits on the continuous clock, standing for I/O
/// that no test clock drives.
private struct Upload: Reducer {
  struct State: Equatable {
    var uploaded = false
  }

  enum Action: Equatable, Sendable {
    case upload
    case uploaded
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .upload:
      return .run { send in
        try await ContinuousClock().sleep(for: .milliseconds(20))
        await send(.uploaded)
      }
    case .uploaded:
      state.uploaded = true
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct TestStoreFinishTests {
  let clock = TestClock()

  @Test func nonExhaustiveFinishWaitsForEffectsDoingRealWork() async {
    let store = TestStore(initialState: Upload.State(), reducer: Upload())
    store.exhaustivity = .off
    await store.send(.upload)

    await store.finish()

    // Waited for, not cancelled: the effect's action was handled, then let go unasserted.
    #expect(store.state.uploaded)
    #expect(store.events.effectsCancelled == 0)
  }

  @Test func nonExhaustiveFinishLetsGoOfEffectsAsleepOnTheTestClockWithoutAFailure() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
    store.exhaustivity = .off
    await store.send(.waitForever)

    // Nothing can happen before the clock moves: finish does not wait out its timeout (which
    // would outlast the suite's time limit), and cancels the effect.
    await store.finish(timeout: .seconds(3600))

    #expect(clock.sleeperCount == 0)
  }

  @Test func skippedAssertionsAreShownAsWarningsWhenAsked() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let warnings = await recordedWarnings {
      await store.send(.increment)
      await store.send(.fetchSteps)
      await store.receive(.step(3)) { $0.log = ["step 1", "step 2", "step 3"] }
      await store.send(.waitForever)
      await store.finish()
    }

    #expect(
      warnings == [
        "Skipped assertions: state changes after send(increment) were not asserted. "
          + "(expected → actual)\n  count: 0 → 1",
        "Skipped assertions: 2 received action(s) before step(3) were not asserted: "
          + "step(1), step(2).",
        "Skipped assertions: 1 effect(s) still running at the end of the test were cancelled.",
      ])
  }

  @Test func skippedAssertionsAreNotShownByDefault() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
    store.exhaustivity = .off
    let warnings = await recordedWarnings {
      await store.send(.increment)
      await store.send(.waitForever)
      await store.finish()
    }

    #expect(warnings.isEmpty)
  }
}
