import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// Starting and stopping features, however it is done, leaves no store, no registered feature,
/// no subscription and no running effect behind.
///
/// The registries count every store and feature in the test process, and Swift Testing runs
/// other suites in parallel, so the counts here are of the stores and features that carry this
/// test's own unique name: the same registries, filtered.
@ReliabilityActor
@Suite struct FeatureLeakTests {
  /// How a test lets go of a feature.
  enum Ending: CaseIterable {
    /// `stop()`: inputs not yet taken are dropped.
    case stop
    /// Finish the input stream, then `finish()`: every input is delivered first.
    case finish
    /// Release the last handle without stopping: its `deinit` stops the feature.
    case release
  }

  func liveStores(named name: String) -> Int {
    StoreRegistry.shared.liveStores.count { $0.name == name }
  }

  func liveFeatures(named name: String) -> Int {
    FeatureRegistry.liveFeatureNames.count { $0 == name }
  }

  @Test func tenThousandFeaturesStartedAndStoppedLeaveNothingAlive() async {
    let name = "LeakProbe-\(UInt64.random(in: 0...UInt64.max))"
    let shared = SharedValue(0)
    let census = ProbeFeature.EffectCensus()
    let endings = Ending.allCases
    var outputs = 0
    for index in 0..<10_000 {
      let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
      var feature: Feature<Int, Int>? = ProbeFeature.start(
        name: name, inputs: inputs, shared: shared, census: census)
      continuation.yield(index)
      if index.isMultiple(of: 1_000) {
        #expect(liveStores(named: name) == 1)
        #expect(liveFeatures(named: name) == 1)
        shared.set(index)
      }
      switch endings[index % endings.count] {
      case .stop:
        await feature?.stop()
      case .finish:
        continuation.finish()
        await feature?.finish()
        for await _ in feature!.outputs { outputs += 1 }
      case .release:
        feature = nil
      }
      #expect(feature?.isRunning != true)
      feature = nil
    }

    #expect(liveStores(named: name) == 0)
    #expect(liveFeatures(named: name) == 0)
    // A subscription or a timer ends when its cancelled effect task next runs, on another
    // thread: wait for that outcome.
    #expect(await pollUntil { shared.subscriberCount == 0 && census.running == 0 })
    #expect(shared.subscriberCount == 0)
    #expect(census.running == 0)
    // `finish()` delivered every input of the features that were finished.
    #expect(outputs == (0..<10_000).count { endings[$0 % endings.count] == .finish })
  }
}
