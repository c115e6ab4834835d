import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import StoreKernelTesting
import Testing

/// A feature a parent presents runs in a store of its own while it is presented, and nowhere
/// else: it starts when presented, stops when dismissed (by the parent or by itself), when
/// replaced, when popped and when its parent's store stops or goes; its outputs reach the
/// parent as actions a test receives.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct PresentedFeatureTests {
  let clock = TestClock()
  let features = FeatureRegistry()
  let stores = StoreRegistry()

  private func dependencies(_ values: inout DependencyValues) {
    values.clock = clock
    values.featureRegistry = features
    values.storeRegistry = stores
  }

  private func makeStore() -> TestStore<Memo.State, Memo.Action> {
    TestStore(initialState: Memo.State(), reducer: Memo(), withDependencies: dependencies)
  }

  @Test func presentingStartsTheFeatureAndDismissingStopsIt() async {
    let store = makeStore()
    let storesBefore = stores.liveStoreCount

    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    #expect(features.liveFeatureNames == ["Recorder"])
    #expect(stores.liveStoreCount == storesBefore + 1)

    await clock.advance(by: .seconds(2))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 1)))))
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 2)))))

    await store.send(.recorder(.dismiss)) { $0.recording = nil }
    #expect(features.liveFeatureCount == 0)
    #expect(stores.liveStoreCount == storesBefore)
    // Its timer was cancelled with it: nothing more arrives.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theParentSendsInputsAndHearsOutputsAsActions() async {
    let store = makeStore()
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
    #expect(features.liveFeatureCount == 0)
    await store.finish()
  }

  @Test func theFeatureDismissesItself() async {
    let store = makeStore()
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await store.send(.recorder(.presented(.input(.finishAndClose))))
    await store.receive(.recorder(.dismiss)) { $0.recording = nil }
    #expect(features.liveFeatureCount == 0)
    await store.finish()
  }

  @Test func presentingAnotherValueStopsTheFirstFeatureAndStartsANewOne() async {
    let store = makeStore()
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 2)
      $0.nextID = 3
    }
    #expect(features.liveFeatureCount == 1)
    await clock.advance(by: .seconds(1))
    // Only the second one records: the first was stopped with its timer.
    await store.receive(.recorder(.presented(.output(.recorded(seconds: 1)))))
    await store.send(.recorder(.dismiss)) { $0.recording = nil }
    await store.finish()
  }

  @Test func aFakeReplacesTheFeatureInOneLine() async {
    let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
      $0[feature: RecorderFeature.launcher] = .fake { input in
        input == .stop ? [.stopped(seconds: 9)] : []
      }
    }
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await store.send(.stopTapped)
    await store.receive(.recorder(.presented(.input(.stop))))
    await store.receive(.recorder(.presented(.output(.stopped(seconds: 9))))) {
      $0.recorded = [9]
      $0.recording = nil
    }
    await store.finish()
  }

  @Test func anInputWhileNothingIsPresentedIsReportedAndReachesNoFeature() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.recorder(.presented(.input(.stop))))
    } matching: { issue in
      issue.description.contains("received a child action while nothing was presented")
    }
    #expect(features.liveFeatureCount == 0)
  }

  @Test func anOutputOfAFeatureJustDismissedIsReportedAndChangesNothing() async {
    let store = makeStore()
    await store.send(.recordTapped) {
      $0.recording = Recording(id: 1)
      $0.nextID = 2
    }
    await store.send(.recorder(.dismiss)) { $0.recording = nil }
    // An output still held by a view or an effect that outlived the recorder: reported, and
    // handed to no feature. The memo's own reducer still sees it, as TCA's `ifLet` lets a
    // parent see a child action it reports (the memo keeps the length; a parent that must
    // not, checks that it presents something).
    await withKnownIssue {
      await store.send(.recorder(.presented(.output(.stopped(seconds: 3))))) {
        $0.recorded = [3]
      }
    } matching: { issue in
      issue.description.contains("received a child action while nothing was presented")
    }
    #expect(features.liveFeatureCount == 0)
    await store.finish()
  }

  @Test func featuresPushedOnAStackStopWhenPopped() async {
    let store = TestStore(
      initialState: Takes.State(), reducer: Takes(), withDependencies: dependencies)
    await store.send(.newTake(1)) { $0.path.append(Recording(id: 1)) }
    await store.send(.newTake(2)) { $0.path.append(Recording(id: 2)) }
    #expect(features.liveFeatureCount == 2)

    await store.send(.path(.element(id: 1, action: .input(.stop))))
    await store.receive(.path(.element(id: 1, action: .output(.stopped(seconds: 0)))))

    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    #expect(features.liveFeatureCount == 0)
    await store.finish()
  }

  @Test func aStackElementDismissesItselfByPoppingItself() async {
    let store = TestStore(
      initialState: Takes.State(), reducer: Takes(), withDependencies: dependencies)
    await store.send(.newTake(1)) { $0.path.append(Recording(id: 1)) }
    await store.send(.path(.element(id: 0, action: .input(.finishAndClose))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    #expect(features.liveFeatureCount == 0)
    await store.finish()
  }

  @Test func theParentsStoreGoingStopsWhatItPresents() {
    do {
      let store = Store(initialState: Memo.State(), reducer: Memo(), withDependencies: dependencies)
      store.send(.recordTapped)
      #expect(features.liveFeatureCount == 1)
    }
    #expect(features.liveFeatureCount == 0)
    #expect(stores.liveStoreCount == 0)
  }
}

/// A parent behind a boundary stops what it presents first, as their hosts would stop them.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct PresentedFeatureParentStopTests {
  /// The memo behind a boundary, counting its features into `features`.
  private func startMemo(features: FeatureRegistry) -> FeatureHandle<Never, Never> {
    FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "Memo", initialState: Memo.State(), reducer: MemoBoundary())
    }.start(withDependencies: {
      $0.featureRegistry = features
      $0.clock = TestClock()
    })
  }

  @Test func stoppingTheParentStopsWhatItPresents() async {
    let features = FeatureRegistry()
    let parent = startMemo(features: features)
    parent.viewStore(state: Memo.State.self, viewAction: Memo.Action.self).send(.recordTapped)
    #expect(features.liveFeatureNames == ["Memo", "Recorder"])
    await parent.stop()
    #expect(features.liveFeatureCount == 0)
  }

  /// A host that settles the parent sees the presented feature's answers: settling waits for
  /// the outputs it emitted to reach the parent, not only for the parent's own inputs.
  @Test func settlingTheParentWaitsForWhatItsPresentedFeatureSaid() async {
    let features = FeatureRegistry()
    let parent = startMemo(features: features)
    let view = parent.viewStore(state: Memo.State.self, viewAction: Memo.Action.self)
    view.send(.recordTapped)
    // The recorder answers the stop with an output, which hops to the parent through a task;
    // the parent then records it and dismisses the recorder.
    view.send(.stopTapped)
    await parent.settle()
    #expect(view.recorded == [0])
    #expect(features.liveFeatureNames == ["Memo"])
    await parent.stop()
  }
}

/// The memo behind a boundary, its view sending any of its actions.
private struct MemoBoundary: Reducer {
  enum Action: BoundaryAction {
    case input(Never)
    case view(Memo.Action)

    var output: Never? { nil }
  }

  func reduce(into state: inout Memo.State, action: Action) -> Effect<Action> {
    guard case .view(let memo) = action else { return .none }
    return Memo().reduce(into: &state, action: memo).map { Action.view($0) }
  }
}
