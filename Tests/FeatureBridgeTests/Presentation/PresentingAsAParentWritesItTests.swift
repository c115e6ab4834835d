import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import StoreKernelTesting
import Testing

/// A parent that presents a feature whose only way to talk is its outputs: its `Input` is
/// `Never`.
struct Bell: Reducer {
  struct State: Equatable {
    @PresentationState var ringer: Int?
    var rings: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case open
    case ringer(PresentationAction<FeatureAction<Never, Int>>)
  }

  /// The ringer as its module would publish it (a fake stands in for the real one here too).
  static let ringer = FeatureLauncher<Int, Never, Int>.fake(name: "Ringer")

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        state.ringer = 1
        return .none
      case .ringer(.presented(.output(let ring))):
        state.rings.append(ring)
        return .none
      case .ringer:
        return .none
      }
    }
    .ifLet(\.$ringer, action: Action.ringer, feature: Bell.ringer)
  }
}

/// A parent whose stack has screens of two kinds, TCA's `Path` enum: notes written in place,
/// and recorders, each a feature of its own.
struct Studio: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, Sendable {
    case openNotes
    case openRecorder(Int)
    case path(StackAction<Path.State, Path.Action>)
  }

  struct Path: Reducer {
    enum State: Equatable, Sendable {
      case notes(String)
      case recorder(Recording)
    }

    enum Action: Equatable, Sendable {
      case typed(String)
      case recorder(FeatureAction<RecorderInput, RecorderOutput>)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch (state, action) {
      case (.notes(let text), .typed(let more)):
        state = .notes(text + more)
        return .none
      default:
        return .none
      }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openNotes:
        state.path.append(.notes(""))
        return .none
      case .openRecorder(let id):
        state.path.append(.recorder(Recording(id: id)))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(
      \.path, action: Action.path, feature: RecorderFeature.launcher,
      state: Path.State.recorder, action: Path.Action.recorder
    ) {
      Path()
    }
  }
}

/// A parent with one destination of two kinds, TCA's `Destination` enum: a note written in
/// place, or a recorder, a feature of its own.
struct Desk: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State?
  }

  enum Action: Equatable, Sendable {
    case noteTapped
    case recordTapped(Int)
    case destination(PresentationAction<Destination.Action>)
  }

  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case note(String)
      case recorder(Recording)
    }

    enum Action: Equatable, Sendable {
      case typed(String)
      case recorder(FeatureAction<RecorderInput, RecorderOutput>)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .note(let text) = state, case .typed(let more) = action {
        state = .note(text + more)
      }
      return .none
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .noteTapped:
        state.destination = .note("")
        return .none
      case .recordTapped(let id):
        state.destination = .recorder(Recording(id: id))
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(
      \.$destination, action: Action.destination, feature: RecorderFeature.launcher,
      state: Destination.State.recorder, action: Destination.Action.recorder
    ) {
      Destination()
    }
  }
}

/// Issue 39, point 4: a parent names the feature module's launcher where it presents the
/// feature, and a test replaces it in one line; a feature presented by the initial state gets
/// its first input; fakes emit on their own, behind any presentation; a test store reaches a
/// presented feature.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct PresentingAsAParentWritesItTests {
  let features = FeatureRegistry()

  @Test func aFeaturePresentedByTheInitialStateGetsTheStoresFirstActionAsItsInput() async {
    let recorder = FakeFeature<RecorderInput, RecorderOutput>(name: "FakeRecorder")
    let store = TestStore(
      initialState: Memo.State(recording: Recording(id: 1)), reducer: Memo()
    ) {
      $0[feature: RecorderFeature.launcher] = .fake(recorder)
      $0.featureRegistry = features
    }
    // Running from the store's start, before any action.
    #expect(features.liveFeatureNames == ["FakeRecorder"])

    await store.send(.recorder(.presented(.input(.stop))))

    #expect(recorder.receivedInputs == [.stop])
    #expect(features.liveFeatureNames == ["FakeRecorder"])
    let running: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.$recording)
    #expect(running?.metrics.inputsDelivered == 1)
    await store.send(.recorder(.dismiss)) { $0.recording = nil }
    #expect(features.liveFeatureCount == 0)
    await store.finish()
  }

  @Test func aFeaturePresentedByTheInitialStateRunsFromTheStoresStart() async {
    let ringer = FakeFeature<Never, Int>(name: "FakeRinger")
    let store = TestStore(initialState: Bell.State(ringer: 1), reducer: Bell()) {
      $0[feature: Bell.ringer] = .fake(ringer)
      $0.featureRegistry = features
    }
    #expect(features.liveFeatureNames == ["FakeRinger"])
    // It emits before the store has had any action, and the parent hears it.
    await ringer.emit(7)
    await store.receive(.ringer(.presented(.output(7)))) { $0.rings = [7] }
    await store.send(.ringer(.dismiss)) { $0.ringer = nil }
    #expect(features.liveFeatureCount == 0)
    await store.finish()
  }

  @Test func aFeaturePresentedByTheInitialStateOfAPlainStoreRunsFromItsStart() async {
    let ringer = FakeFeature<Never, Int>(name: "FakeRinger")
    let store = Store(initialState: Bell.State(ringer: 1), reducer: Bell()) {
      $0[feature: Bell.ringer] = .fake(ringer)
      $0.featureRegistry = features
    }
    #expect(features.liveFeatureNames == ["FakeRinger"])
    // `emit` returns once the store has handled the output.
    await ringer.emit(7)
    #expect(store.state.rings == [7])
    store.send(.ringer(.dismiss))
    #expect(features.liveFeatureCount == 0)
  }

  @Test func aFakeWhoseInputIsNeverEmitsOnItsOwnBehindAPresentation() async {
    let ringer = FakeFeature<Never, Int>(name: "FakeRinger")
    let store = TestStore(initialState: Bell.State(), reducer: Bell()) {
      $0[feature: Bell.ringer] = .fake(ringer)
    }
    await ringer.emit(0)  // nothing runs yet: it goes nowhere

    await store.send(.open) { $0.ringer = 1 }
    await ringer.emit(7)
    await store.receive(.ringer(.presented(.output(7)))) { $0.rings = [7] }

    await store.send(.ringer(.dismiss)) { $0.ringer = nil }
    await ringer.emit(8)  // dismissed: it goes nowhere
    await store.finish()
  }

  @Test func aFakeBehindOneCaseOfAMixedStack() async {
    let recorder = FakeFeature<RecorderInput, RecorderOutput>(name: "FakeRecorder") { input in
      input == .stop ? [.stopped(seconds: 4)] : []
    }
    let store = TestStore(initialState: Studio.State(), reducer: Studio()) {
      $0[feature: RecorderFeature.launcher] = .fake(recorder)
      $0.featureRegistry = features
    }
    await store.send(.openNotes) { $0.path.append(.notes("")) }
    await store.send(.openRecorder(1)) { $0.path.append(.recorder(Recording(id: 1))) }
    #expect(features.liveFeatureNames == ["FakeRecorder"])
    let notes: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.path, id: 0)
    let take: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.path, id: 1)
    #expect(notes == nil)
    #expect(take != nil)

    await store.send(.path(.element(id: 0, action: .typed("hi")))) {
      $0.path[id: 0] = .notes("hi")
    }
    await store.send(.path(.element(id: 1, action: .recorder(.input(.stop)))))
    await store.receive(.path(.element(id: 1, action: .recorder(.output(.stopped(seconds: 4))))))
    #expect(recorder.receivedInputs == [.stop])

    await recorder.emit(.recorded(seconds: 2))
    await store.receive(.path(.element(id: 1, action: .recorder(.output(.recorded(seconds: 2))))))

    await store.send(.path(.popFrom(id: 1))) { $0.path.removeLast() }
    #expect(features.liveFeatureCount == 0)
    await recorder.emit(.recorded(seconds: 3))  // popped: it goes nowhere
    await store.finish()
  }

  @Test func aFakeBehindOneCaseOfADestinationEnum() async {
    let recorder = FakeFeature<RecorderInput, RecorderOutput>(name: "FakeRecorder") { input in
      input == .stop ? [.stopped(seconds: 5)] : []
    }
    let store = TestStore(initialState: Desk.State(), reducer: Desk()) {
      $0[feature: RecorderFeature.launcher] = .fake(recorder)
      $0.featureRegistry = features
    }
    await store.send(.noteTapped) { $0.destination = .note("") }
    await store.send(.destination(.presented(.typed("hi")))) { $0.destination = .note("hi") }
    #expect(features.liveFeatureCount == 0)
    let none: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.$destination)
    #expect(none == nil)

    await store.send(.recordTapped(2)) { $0.destination = .recorder(Recording(id: 2)) }
    #expect(features.liveFeatureNames == ["FakeRecorder"])
    let running: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
      \.$destination)
    #expect(running != nil)
    await store.send(.destination(.presented(.recorder(.input(.stop)))))
    await store.receive(.destination(.presented(.recorder(.output(.stopped(seconds: 5))))))
    #expect(recorder.receivedInputs == [.stop])

    await store.send(.noteTapped) { $0.destination = .note("") }
    #expect(features.liveFeatureCount == 0)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }
}
