import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// Starting and stopping features, however it is done, leaves no store, no registered feature,
/// no subscription and no running effect behind.
///
/// The features count into registries this test owns, so other suites running in parallel
/// never show in its counts.
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

  @Test func tenThousandFeaturesStartedAndStoppedLeaveNothingAlive() async throws {
    // Many hops through the concurrency pool: alone in a process of its own, so that it
    // holds none of the threads the tests running beside it need.
    if try await ranAlone(
      suite: "FeatureLeakTests", test: "tenThousandFeaturesStartedAndStoppedLeaveNothingAlive")
    {
      return
    }
    let stores = StoreRegistry()
    let features = FeatureRegistry()
    let shared = Shared(value: 0)
    let census = ProbeFeature.EffectCensus()
    let endings = Ending.allCases
    var outputs = 0
    for index in 0..<10_000 {
      let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
      var feature: FeatureHandle<Int, Int>? = ProbeFeature.start(
        name: "LeakProbe", inputs: inputs, shared: shared, census: census,
        withDependencies: {
          $0.storeRegistry = stores
          $0.featureRegistry = features
        })
      let view = ProbeFeature.view(of: feature!)
      continuation.yield(index)
      if index.isMultiple(of: 1_000) {
        #expect(stores.liveStoreCount == 1)
        #expect(features.liveFeatureCount == 1)
        #expect(view.store.isFeatureRunning)
        shared.withLock { $0 = index }
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

    #expect(stores.liveStoreCount == 0)
    #expect(features.liveFeatureCount == 0)
    // A subscription or a timer ends when its cancelled effect task next runs, on another
    // thread: wait for that signal. (A subscription leaves the shared value when its effect is
    // cancelled, before the census hears that the effect has ended.)
    await census.untilNoneRunning()
    #expect(shared.subscriberCount == 0)
    #expect(census.running == 0)
    // `finish()` delivered every input of the features that were finished.
    #expect(outputs == (0..<10_000).count { endings[$0 % endings.count] == .finish })
  }
}
