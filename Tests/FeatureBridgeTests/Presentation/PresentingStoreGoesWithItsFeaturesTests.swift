import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// A store goes when its owner lets it go while it presents features that are running, on a
/// stack or behind one case of a destination, in either hosting, with their handles and view
/// stores asked for: the features end (their registrations, their effects), and nothing of
/// them keeps the store alive.
@MainActor
@Suite struct PresentingStoreGoesWithItsFeaturesTests {
  let features = FeatureRegistry()

  @Test(arguments: [FeatureHosting.ownStores, .composed])
  func aStackThatStillShowsItsFeatures(hosting: FeatureHosting) async {
    weak var presenting: Store<Studio.State, Studio.Action>?
    weak var handle: FeatureHandle<RecorderInput, RecorderOutput>?
    do {
      let store = Store(initialState: Studio.State(), reducer: Studio()) {
        $0.featureHosting = hosting
        $0.featureRegistry = features
        $0.clock = TestClock()
      }
      presenting = store
      store.send(.openRecorder(1))
      store.send(.openNotes)
      store.send(.openRecorder(2))
      #expect(features.liveFeatureCount == 2)
      let take: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
        \.path, id: 2)
      handle = take
      let view = take?.viewStore(
        state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
      #expect(view?.isFeatureRunning == true)
      let first: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
        \.path, id: 0)
      #expect(first != nil)
    }
    #expect(presenting == nil)
    #expect(handle == nil)
    #expect(features.liveFeatureCount == 0)
  }

  @Test(arguments: [FeatureHosting.ownStores, .composed])
  func aDestinationThatStillShowsItsFeature(hosting: FeatureHosting) async {
    weak var presenting: Store<Desk.State, Desk.Action>?
    weak var handle: FeatureHandle<RecorderInput, RecorderOutput>?
    do {
      let store = Store(initialState: Desk.State(), reducer: Desk()) {
        $0.featureHosting = hosting
        $0.featureRegistry = features
        $0.clock = TestClock()
      }
      presenting = store
      store.send(.recordTapped(3))
      #expect(features.liveFeatureCount == 1)
      let running: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
        \.$destination)
      handle = running
      #expect(running != nil)
    }
    #expect(presenting == nil)
    #expect(handle == nil)
    #expect(features.liveFeatureCount == 0)
  }
}
