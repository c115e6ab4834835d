import BridgeExamples
import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import StoreKernelTesting
import Testing

@MainActor @Suite struct PresentingExamples {
  @Test func theMemoHearsTheRecordersOutputAsAnAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: Memo.State(), reducer: Memo()) { $0.clock = clock }
    await store.send(.recordTapped) { $0.recording = Recording(id: 1) }
    await clock.advance(by: .seconds(3))
    await store.send(.stopTapped)
    await store.receive(.recorder(.presented(.input(.stop))))
    await store.receive(.recorder(.presented(.output(.stopped(seconds: 3))))) {
      $0.lengths = [3]
      $0.recording = nil
    }
  }

  @Test func aFakeRecorderStandsInForTheRealOne() async {
    let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
      $0[feature: RecorderFeature.launcher] = .fake { _ in [.stopped(seconds: 9)] }
    }
    await store.send(.recordTapped) { $0.recording = Recording(id: 1) }
    await store.send(.stopTapped)
    await store.receive(.recorder(.presented(.input(.stop))))
    await store.receive(.recorder(.presented(.output(.stopped(seconds: 9))))) {
      $0.lengths = [9]
      $0.recording = nil
    }
  }

  @Test func aFakeRecorderTheTestKeepsEmitsOnItsOwn() async {
    let recorder = FakeFeature<RecorderInput, RecorderOutput>()
    let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
      $0[feature: RecorderFeature.launcher] = .fake(recorder)
    }
    await store.send(.recordTapped) { $0.recording = Recording(id: 1) }
    await recorder.emit(.stopped(seconds: 3))
    await store.receive(.recorder(.presented(.output(.stopped(seconds: 3))))) {
      $0.lengths = [3]
      $0.recording = nil
    }
  }

  @Test func aTestReachesThePresentedRecorder() async {
    let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
      $0[feature: RecorderFeature.launcher] = .fake()
    }
    await store.send(.recordTapped) { $0.recording = Recording(id: 1) }
    let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.$recording)
    #expect(recorder?.isRunning == true)
    await store.send(.recorder(.dismiss)) { $0.recording = nil }
  }

  @Test func composedTheSameTestPasses() async {
    let clock = TestClock()
    let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
      $0.clock = clock
      $0.featureHosting = .composed
    }
    await store.send(.recordTapped) { $0.recording = Recording(id: 1) }
    await clock.advance(by: .seconds(3))
    await store.send(.stopTapped)
    await store.receive(.recorder(.presented(.input(.stop))))
    await store.receive(.recorder(.presented(.output(.stopped(seconds: 3))))) {
      $0.lengths = [3]
      $0.recording = nil
    }
  }

  @Test func aStoreThatComposesWhatItPresents() {
    withDependencies {
      $0.clock = TestClock()
    } operation: {
      let store = Store(initialState: Memo.State(), reducer: Memo()) {
        $0.featureHosting = .composed
      }
      store.send(.recordTapped)
      let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
        \.$recording)
      #expect(recorder?.name == "Recorder")
      store.send(.recorder(.dismiss))
    }
  }

  @Test func aHostStartsTheRecorderFromItsLauncher() async {
    let clock = TestClock()
    let recorder = RecorderFeature.launcher.start(Recording(id: 1)) { $0.clock = clock }
    await clock.advance(by: .seconds(2))
    await recorder.send(.stop)
    var lengths: [RecorderOutput] = []
    recorder.onOutput { lengths.append($0) }
    #expect(lengths == [.stopped(seconds: 2)])
    await recorder.stop()
  }

  @Test func aLauncherPresentedWithAnotherValue() {
    let launcher = RecorderFeature.launcher.starting { (number: Int) in Recording(id: number) }
    let recorder = launcher.start(7) { $0.clock = TestClock() }
    #expect(recorder.name == "Recorder")
  }
}
