import FeatureBridgeTesting
import MultiStorePrimitives
import Observation
import StoreKernel
import StoreKernelTesting
import Testing

@testable import FeatureBridge

/// The same parent, the same test, both hostings: a presented feature in a store of its own, or
/// composed into the parent's store (`featureHosting = .composed`). The parent's test sends the
/// same actions, receives the same inputs and outputs and sees the same state either way; the
/// composed feature's own actions pass through the parent's store without the test receiving
/// them, as a feature's own store's actions never reach the parent's test.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct BothHostingsTests {
  nonisolated static let hostings: [FeatureHosting] = [.ownStores, .composed]

  let clock = TestClock()
  let features = FeatureRegistry()
  let stores = StoreRegistry()

  private func dependencies(_ hosting: FeatureHosting) -> (inout DependencyValues) -> Void {
    { [clock, features, stores] values in
      values.clock = clock
      values.featureRegistry = features
      values.storeRegistry = stores
      values.featureHosting = hosting
    }
  }

  @Test(arguments: hostings) func presentingRunsTheFeatureAndDismissingEndsIt(
    hosting: FeatureHosting
  ) async {
    let store = TestStore(
      initialState: Memo.State(), reducer: Memo(), withDependencies: dependencies(hosting))
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 1)))))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 2)))))
    await store.send(.recorder(.dismiss)) { $0.recording = nil }
    // Its timer ended with it: nothing more arrives.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test(arguments: hostings) func theParentSendsInputsAndHearsOutputs(
    hosting: FeatureHosting
  ) async {
    let store = TestStore(
      initialState: Memo.State(), reducer: Memo(), withDependencies: dependencies(hosting))
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 1)))))
    await store.send(.stopTapped)
    await store.receive(.recorder(.presented(.input(.stop))))
    await store.receive(.recorder(.presented(.output(.stopped(seconds: 1))))) {
      $0.recorded = [1]
      $0.recording = nil
    }
    await store.finish()
  }

  @Test(arguments: hostings) func theFeatureDismissesItself(hosting: FeatureHosting) async {
    let store = TestStore(
      initialState: Memo.State(), reducer: Memo(), withDependencies: dependencies(hosting))
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await store.send(.recorder(.presented(.input(.finishAndClose))))
    await store.receive(.recorder(.dismiss)) { $0.recording = nil }
    await store.finish()
  }

  @Test(arguments: hostings) func anotherValueReplacesTheFeature(hosting: FeatureHosting) async {
    let store = TestStore(
      initialState: Memo.State(), reducer: Memo(), withDependencies: dependencies(hosting))
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await clock.advance(by: .seconds(3))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 1)))))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 2)))))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 3)))))
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 2)
      $0.nextID = 3
    }
    // A new recorder, from its first state: the first one's seconds went with it.
    await clock.advance(by: .seconds(1))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 1)))))
    await store.send(.recorder(.dismiss)) { $0.recording = nil }
    await store.finish()
  }

  @Test(arguments: hostings) func aFeaturePresentedByTheInitialStateGetsTheFirstInput(
    hosting: FeatureHosting
  ) async {
    var initial = Memo.State()
    initial.recording = Recording(id: 7)
    let store = TestStore(
      initialState: initial, reducer: Memo(), withDependencies: dependencies(hosting))
    await store.send(.stopTapped)
    await store.receive(.recorder(.presented(.input(.stop))))
    await store.receive(.recorder(.presented(.output(.stopped(seconds: 0))))) {
      $0.recorded = [0]
      $0.recording = nil
    }
    await store.finish()
  }

  @Test(arguments: hostings) func aFeaturePresentedByTheInitialStateRunsFromTheStoresStart(
    hosting: FeatureHosting
  ) async {
    var initial = Memo.State()
    initial.recording = Recording(id: 7)
    let store = TestStore(
      initialState: initial, reducer: Memo(), withDependencies: dependencies(hosting))
    #expect(features.liveFeatureNames == ["Recorder"])
    // Its timer runs before the store has had any action.
    await clock.advance(by: .seconds(2))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 1)))))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 2)))))
    await store.send(.recorder(.dismiss)) { $0.recording = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test(arguments: hostings) func featuresOnAStackOfTheInitialStateRunFromTheStoresStart(
    hosting: FeatureHosting
  ) async {
    var initial = Takes.State()
    initial.path.append(Recording(id: 1))
    initial.path.append(Recording(id: 2))
    let store = TestStore(
      initialState: initial, reducer: Takes(), withDependencies: dependencies(hosting))
    #expect(features.liveFeatureNames == ["Recorder", "Recorder"])
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .output(.recorded(seconds: 1)))))
    await store.receive(.path(.element(id: 1, action: .output(.recorded(seconds: 1)))))
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    #expect(features.liveFeatureCount == 0)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test(arguments: hostings) func aPresentedFeaturePresentsFromItsInitialStateAtItsOwnStart(
    hosting: FeatureHosting
  ) async {
    let store = TestStore(
      initialState: Lobby.State(), reducer: Lobby(), withDependencies: dependencies(hosting))
    await store.send(.open) { $0.booth = 1 }
    // The booth's recorder runs from the booth's start, in its store or composed into it.
    #expect(features.liveFeatureNames.sorted() == ["Booth", "Recorder"])
    await clock.advance(by: .seconds(1))
    await store.receive(.booth(.presented(.output(1)))) { $0.heard = [1] }
    await store.send(.booth(.dismiss)) { $0.booth = nil }
    #expect(features.liveFeatureCount == 0)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test(arguments: hostings) func featuresOnAStackRunUntilPopped(hosting: FeatureHosting) async {
    let store = TestStore(
      initialState: Takes.State(), reducer: Takes(), withDependencies: dependencies(hosting))
    await store.send(.newTake(1)) { $0.path.append(Recording(id: 1)) }
    await store.send(.newTake(2)) { $0.path.append(Recording(id: 2)) }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .output(.recorded(seconds: 1)))))
    await store.receive(.path(.element(id: 1, action: .output(.recorded(seconds: 1)))))
    await store.send(.path(.element(id: 1, action: .input(.stop))))
    await store.receive(.path(.element(id: 1, action: .output(.stopped(seconds: 1)))))
    await store.send(.path(.element(id: 0, action: .input(.finishAndClose))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func composedTheFeatureHasNoStoreOfItsOwnAndItsStateIsInTheParents() async {
    let store = Store(
      initialState: Memo.State(), reducer: Memo(), withDependencies: dependencies(.composed))
    let storesBefore = stores.liveStoreCount
    store.send(.recordTapped)
    #expect(stores.liveStoreCount == storesBefore)
    // Running, and registered as running, from its composition on, before any handle.
    #expect(features.liveFeatureNames == ["Recorder"])

    // A view asks for it: a handle over the parent's store, scoped to the feature's state.
    let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.$recording)
    let view = recorder?.viewStore(
      state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
    #expect(view?.recording == Recording(id: 1))
    #expect(features.liveFeatureNames == ["Recorder"])

    // Written in place while nothing else holds the state: the same box after two ticks (held
    // weakly here: a copy would have let it go).
    weak let box = recorderBox(in: store.state)
    #expect(box != nil)
    await clock.advance(by: .seconds(1))
    #expect(box != nil, "after one tick")
    await clock.advance(by: .seconds(1))
    #expect(view?.seconds == 2)
    #expect(box != nil && recorderBox(in: store.state) === box)

    // A copy of the parent's state keeps the feature's state as it was: a value.
    let before = store.state
    let changes = LockedValue(0)
    _ = withObservationTracking {
      view?.seconds
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    await clock.advance(by: .seconds(1))
    #expect(recorderSeconds(in: before) == 2)
    #expect(recorderSeconds(in: store.state) == 3)
    // Its view follows the copy the store's state holds now, and hears that it changed.
    #expect(view?.seconds == 3)
    #expect(changes.withLock { $0 } == 1)

    // Its view's action goes through the parent's store, and its output comes back at once.
    view?.send(.stopTapped)
    #expect(store.state.recorded == [3])
    #expect(store.state.recording == nil)
    #expect(features.liveFeatureCount == 0)
  }

  /// The composed recorder's box in the memo's state.
  private func recorderBox(in state: Memo.State) -> ComposedStorage<RecorderReducer>? {
    state.$recording.composed?.storage as? ComposedStorage<RecorderReducer>
  }

  /// The composed recorder's seconds, read from the box in the memo's state.
  private func recorderSeconds(in state: Memo.State) -> Int? {
    recorderBox(in: state)?.state.seconds
  }

  @Test func aComposedFeaturesActionsAreValuesThatPrintAndCompare() async {
    let log = MemoActionLog()
    let store = Store(
      initialState: Memo.State(), reducer: LoggedMemo(base: Memo(), log: log),
      withDependencies: dependencies(.composed))
    store.send(.recordTapped)
    await clock.advance(by: .seconds(2))
    let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.$recording)
    recorder?.viewStore(state: RecorderState.self, viewAction: RecorderAction.ViewAction.self)
      .send(.stopTapped)
    let composed = log.actions.compactMap { action -> ComposedAction? in
      if case .recorder(.presented(.composed(let own))) = action { own } else { nil }
    }
    let printed = composed.map { "\($0)" }
    let ticks = composed.filter { "\($0)" == "tick" }
    // What the recorder sends itself at once (its delegate actions) runs in the same step, as
    // in a store of its own: only what its effects and its view send pass through the parent.
    #expect(
      printed == [
        "tick", "tick", "view(FeatureBridgeTests.RecorderAction.ViewAction.stopTapped)",
      ])
    #expect(ticks.count == 2)
    #expect(ticks.first == ticks.last)
    #expect(composed.last != ticks.first)
  }
}

/// The actions a store's reducer ran, in order.
@MainActor final class MemoActionLog {
  var actions: [Memo.Action] = []
}

/// `base`, logging each action it runs.
struct LoggedMemo: Reducer {
  let base: Memo
  let log: MemoActionLog

  func reduce(into state: inout Memo.State, action: Memo.Action) -> Effect<Memo.Action> {
    MainActor.assumeIsolated { log.actions.append(action) }
    return base.reduce(into: &state, action: action)
  }
}
