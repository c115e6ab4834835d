import FeatureBridge
import PracticeFeature
import StoreKernel
import StoreKernelTesting
import Testing

/// A host that starts the session in a store of its own, through public API only, and
/// chooses where the session's features run: the same inputs and outputs either way.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct PracticeHostTests {
  nonisolated static let hostings: [FeatureHosting] = [.ownStores, .composed]

  @Test(arguments: hostings) func aHostStartsTheSessionAndHearsATimerFinish(
    hosting: FeatureHosting
  ) async {
    let clock = TestClock()
    let practice = PracticeFeature.launcher.start(Practice(logPath: "/nonexistent/log.json")) {
      $0.clock = clock
      $0.featureHosting = hosting
    }
    var outputs = practice.outputs.makeAsyncIterator()
    await practice.send(.addTimer(seconds: 2))
    await clock.advance(by: .seconds(2))
    #expect(await outputs.next() == .timerFinished)
    await practice.stop()
  }

  @Test func composedTheSessionsFeaturesRunInItsStore() async {
    let clock = TestClock()
    var storeCounts: [FeatureHosting: Int] = [:]
    for hosting in Self.hostings {
      let stores = StoreRegistry()
      let practice = PracticeFeature.launcher.start(Practice(logPath: "/nonexistent/log.json")) {
        $0.clock = clock
        $0.storeRegistry = stores
        $0.featureHosting = hosting
      }
      await practice.send(.addTimer(seconds: 5))
      await practice.send(.addTimer(seconds: 5))
      storeCounts[hosting] = stores.liveStoreCount
      await practice.stop()
    }
    #expect(storeCounts == [.ownStores: 3, .composed: 1])
  }
}
