import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// What a view shows for a presented feature: the running feature, read from the store that
/// presents it (root or scoped), only while it is presented.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct PresentedFeatureViewTests {
  let features = FeatureRegistry()
  let clock = TestClock()

  /// A screen holding the memo: the memo's reducer runs scoped, one level down.
  struct Screen: Reducer {
    struct State: Equatable {
      var memo = Memo.State()
    }

    enum Action: Equatable, Sendable {
      case memo(Memo.Action)

      static let memoPath = ActionPath<Action, Memo.Action>(
        embed: Action.memo, extract: { if case .memo(let action) = $0 { action } else { nil } })
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      Scope(state: \State.memo, action: Action.memoPath) { Memo() }
        .reduce(into: &state, action: action)
    }
  }

  @Test func aSheetsFeatureIsThereWhilePresentedAndItsViewReadsItsState() {
    let store = Store(initialState: Memo.State(), reducer: Memo()) {
      $0.featureRegistry = features
      $0.clock = clock
    }
    let none: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.$recording)
    #expect(none == nil)

    store.send(.recordTapped)
    let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.$recording)
    let shown = recorder
    #expect(shown?.name == "Recorder")
    let view = shown?.viewStore(
      state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
    #expect(view?.recording == Recording(id: 1))
    // Asked with other types, the same feature is not handed out (a view may ask a mixed
    // stack's element for each feature its cases present).
    let mistyped: FeatureHandle<Int, Int>? = store.presentedFeature(\.$recording)
    #expect(mistyped == nil)

    store.send(.recorder(.dismiss))
    let gone: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.$recording)
    #expect(gone == nil)
    #expect(features.liveFeatureCount == 0)
  }

  @Test func anOutputTheFeaturesViewCausesReachesTheParentBeforeTheSendReturns() {
    let store = Store(initialState: Memo.State(), reducer: Memo()) {
      $0.featureRegistry = features
      $0.clock = clock
    }
    store.send(.recordTapped)
    let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.$recording)
    let view = recorder?.viewStore(
      state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
    // Stop in the recorder's own view: its output (stopped) reaches the memo at once, which
    // keeps the length and dismisses it, before the next key could reach either store.
    view?.send(.stopTapped)
    #expect(store.state.recorded == [0])
    #expect(store.state.recording == nil)
    #expect(features.liveFeatureCount == 0)
    // Dismissed, its view sends nothing more to anyone: no second length.
    view?.send(.stopTapped)
    #expect(store.state.recorded == [0])
  }

  @Test func aReplacedSheetShowsTheNewFeature() {
    let store = Store(initialState: Memo.State(), reducer: Memo()) {
      $0.featureRegistry = features
      $0.clock = clock
    }
    store.send(.recordTapped)
    let first: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.$recording)
    store.send(.recordTapped)
    let second: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.$recording)
    #expect(first != nil && second != nil)
    #expect(first !== second)
    let view = second?.viewStore(
      state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
    #expect(view?.recording == Recording(id: 2))
    store.send(.recorder(.dismiss))
  }

  @Test func eachStackElementShowsItsOwnFeatureUntilPopped() throws {
    let store = Store(initialState: Takes.State(), reducer: Takes()) {
      $0.featureRegistry = features
      $0.clock = clock
    }
    store.send(.newTake(1))
    store.send(.newTake(2))
    let ids = store.state.path.ids
    try #require(ids.count == 2)
    let bottom: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.path, id: ids[0])
    let id = ids[1]
    let take: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.path, id: id)
    let top = take
    let topView = top?.viewStore(
      state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
    let bottomView = bottom?.viewStore(
      state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
    #expect(bottomView?.recording == Recording(id: 1))
    #expect(topView?.recording == Recording(id: 2))

    store.send(.path(.popFrom(id: ids[1])))
    let popped: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.path, id: ids[1])
    let kept: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.path, id: ids[0])
    #expect(popped == nil)
    #expect(kept === bottom)
    store.send(.path(.popFrom(id: ids[0])))
    #expect(features.liveFeatureCount == 0)
  }

  @Test func aScopedStoreFindsWhatItsReducerPresents() {
    let store = Store(initialState: Screen.State(), reducer: Screen()) {
      $0.featureRegistry = features
      $0.clock = clock
    }
    let memo = store.scope(state: \.memo, action: Screen.Action.memo)
    memo.send(.recordTapped)
    let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = memo.presentedFeature(
      \.$recording)
    #expect(recorder?.name == "Recorder")
    memo.send(.recorder(.dismiss))
    let gone: FeatureHandle<RecorderInput, RecorderOutput>? = memo.presentedFeature(\.$recording)
    #expect(gone == nil)
    #expect(features.liveFeatureCount == 0)
  }
}
