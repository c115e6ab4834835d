import FeatureBridge
import StoreKernel
import Testing

/// Other tests start features and stores in parallel, so these tests count only the features
/// (and their stores, which carry the feature's name) that they named themselves.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct FeatureRegistryTests {
  private func liveFeatures(named name: String) -> Int {
    FeatureRegistry.shared.liveFeatureNames.filter { $0 == name }.count
  }

  private func liveStores(named name: String) -> Int {
    StoreRegistry.shared.liveStores.filter { $0.name == name }.count
  }

  @Test func aFeatureIsListedFromStartUntilItStops() async {
    let name = "FeatureRegistryTests.listed"
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)

    let feature = TallyFeature.start(name: name, inputs: inputs)

    #expect(liveFeatures(named: name) == 1)
    #expect(FeatureRegistry.shared.liveFeatureCount >= 1)
    await feature.stop()
    #expect(liveFeatures(named: name) == 0)
    #expect(liveStores(named: name) == 0)
  }

  @Test func featuresWithTheSameNameAreListedOncePerFeature() async {
    let name = "FeatureRegistryTests.twins"
    let (firstInputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let (secondInputs, _) = AsyncStream.makeStream(of: TallyInput.self)

    let first = TallyFeature.start(name: name, inputs: firstInputs)
    let second = TallyFeature.start(name: name, inputs: secondInputs)

    #expect(liveFeatures(named: name) == 2)
    await first.stop()
    #expect(liveFeatures(named: name) == 1)
    await second.stop()
    #expect(liveFeatures(named: name) == 0)
  }

  @Test func theListIsSortedByName() async {
    let names = ["FeatureRegistryTests.sorted.b", "FeatureRegistryTests.sorted.a"]
    let features = names.map { name in
      TallyFeature.start(name: name, inputs: AsyncStream.makeStream(of: TallyInput.self).stream)
    }

    let listed = FeatureRegistry.shared.liveFeatureNames
    #expect(listed == listed.sorted())
    #expect(listed.filter { names.contains($0) } == names.sorted())
    for feature in features { await feature.stop() }
  }

  @Test func tenThousandFeaturesStartedAndStoppedLeaveNothingRunning() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "FeatureRegistryTests", test: "tenThousandFeaturesStartedAndStoppedLeaveNothingRunning"
    ) {
      return
    }
    let name = "FeatureRegistryTests.churn"
    let rounds = 100
    let perRound = 100
    // Per round: (features, stores) with the churn name, while running and after stopping.
    var whileRunning: [[Int]] = []
    var afterStopping: [[Int]] = []

    for _ in 0..<rounds {
      var features: [FeatureHandle<TallyInput, TallyOutput>] = []
      for _ in 0..<perRound {
        let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
        send.yield(.add(1))
        features.append(TallyFeature.start(name: name, inputs: inputs))
      }
      whileRunning.append([liveFeatures(named: name), liveStores(named: name)])

      for feature in features { await feature.stop() }

      afterStopping.append([liveFeatures(named: name), liveStores(named: name)])
    }

    #expect(whileRunning == Array(repeating: [perRound, perRound], count: rounds))
    #expect(afterStopping == Array(repeating: [0, 0], count: rounds))
  }
}
