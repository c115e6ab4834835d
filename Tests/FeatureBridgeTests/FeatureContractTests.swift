import FeatureBridge
import FeatureBridgeTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(10))) struct FeatureContractTests {
  private struct ExpectationsGaveUp: Error {}

  /// The tally boundary's contract: totals add up, and a ping answers with the total.
  private func tallyContract(
    _ probe: FeatureProbe<TallyInput, TallyOutput>
  ) async -> TallyOutput? {
    await probe.send(.add(2))
    await probe.send(.add(3))
    await probe.send(.ping)
    let answer = await probe.nextOutput()
    #expect(answer == .pong(5), "\(probe.name)")
    await probe.settle()
    #expect(probe.feature.metrics.inputsDelivered == 3, "\(probe.name)")
    return answer
  }

  @Test func verifyRunsTheSameExpectationsAgainstTheRealFeatureAndAMatchingFake() async {
    var checked: [String] = []
    var features: [FeatureHandle<TallyInput, TallyOutput>] = []

    await FeatureContract.verify([
      ("real", { TallyFeature.start() }),
      ("fake", { matchingTallyFake().start() }),
    ]) { probe in
      features.append(probe.feature)
      if await tallyContract(probe) == .pong(5) { checked.append(probe.name) }
    }

    #expect(checked == ["real", "fake"])
    // Each candidate was stopped once its expectations ran.
    #expect(features.map(\.isRunning) == [false, false])
  }

  @Test func verifyCatchesAFakeThatDoesNotMatch() async {
    var answers: [String: TallyOutput] = [:]
    let forgetfulFake = FakeFeature<TallyInput, TallyOutput> { input in
      input == .ping ? [.pong(0)] : []
    }

    await withKnownIssue("The forgetful fake answers every ping with 0.") {
      await FeatureContract.verify([
        ("real", { TallyFeature.start() }),
        ("forgetful fake", { forgetfulFake.start() }),
      ]) { probe in
        answers[probe.name] = await tallyContract(probe)
      }
    } matching: { issue in
      // The contract's ping expectation, failed for the fake alone.
      guard case .expectationFailed = issue.kind else { return false }
      return String(describing: issue).contains("(answer → .pong(0)) == .pong(5)")
        && issue.comments.map(\.rawValue) == ["forgetful fake"]
    }

    // The contract passed for the real feature and failed for the fake, not the other way.
    #expect(answers == ["real": .pong(5), "forgetful fake": .pong(0)])
  }

  @Test func verifyStopsTheCandidateWhenItsExpectationsThrow() async {
    let name = "FeatureContractTests.throwing"
    var started: [FeatureHandle<TallyInput, TallyOutput>] = []

    await #expect(throws: ExpectationsGaveUp.self) {
      try await FeatureContract.verify([
        ("real", { TallyFeature.start(name: name) }),
        ("never started", { TallyFeature.start(name: name) }),
      ]) { probe in
        started.append(probe.feature)
        throw ExpectationsGaveUp()
      }
    }

    #expect(started.count == 1)
    #expect(started.first?.isRunning == false)
    #expect(!FeatureRegistry.shared.liveFeatureNames.contains(name))
  }

  @Test func aProbeReadsNilOnceTheCandidateHasStopped() async {
    var afterStop: [TallyOutput?] = []

    await FeatureContract.verify([("real", { TallyFeature.start() })]) { probe in
      await probe.send(.ping)
      #expect(await probe.nextOutput() == .pong(0))
      await probe.feature.stop()
      afterStop.append(await probe.nextOutput())
      afterStop.append(await probe.nextOutput())
    }

    // The stop action's flush was the last output.
    #expect(afterStop == [.saved(0), nil])
  }
}
