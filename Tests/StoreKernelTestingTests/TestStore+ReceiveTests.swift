import StoreKernel
import StoreKernelTesting
import Testing

extension Counter.Action {
  static let stepPath = ActionPath<Counter.Action, Int>(
    embed: Counter.Action.step, extract: { if case .step(let step) = $0 { step } else { nil } })
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct TestStoreReceiveTests {
  let clock = TestClock()

  private func makeStore() -> TestStore<Counter.State, Counter.Action> {
    TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
  }

  @Test func receiveByCaseMatchesAnActionOfThatCaseWhateverItsPayload() async {
    let store = makeStore()
    await store.send(.fetchSteps)
    await store.receive(Counter.Action.stepPath) { $0.log = ["step 1"] }
    await store.receive(Counter.Action.stepPath, 2) { $0.log = ["step 1", "step 2"] }
    await store.receive(Counter.Action.stepPath, 3) {
      $0.log = ["step 1", "step 2", "step 3"]
    }
  }

  @Test func receiveByCaseStillChecksTheStateChange() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.fetchSteps)
      await store.receive(Counter.Action.stepPath) { $0.log = ["wrong"] }
      skipReceivedActionsQuietly(of: store)
    }

    #expect(issues.count == 1)
    #expect(issues.first?.contains(#"log[0]: "wrong" → "step 1""#) == true)
  }

  @Test func receiveByCaseWithAnotherPayloadFailsShowingTheDifference() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.fetchSteps)
      await store.receive(Counter.Action.stepPath, 5) { $0.log = ["step 1"] }
      skipReceivedActionsQuietly(of: store)
    }

    #expect(
      issues == [
        "The received action's payload is not the expected one. (expected → actual)\n"
          + "  value: 5 → 1"
      ])
  }

  @Test func receiveByCaseFailsWhenNoActionOfThatCaseArrives() async {
    let issues = await knownIssues {
      let store = makeStore()
      await store.send(.fetchPair)
      await store.receive(Counter.Action.stepPath, timeout: .milliseconds(20))
      skipReceivedActionsQuietly(of: store)
    }

    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        "Expected to receive an action of the case path to Int within the timeout. "
          + "Received instead: first, second.") == true)
  }
}
