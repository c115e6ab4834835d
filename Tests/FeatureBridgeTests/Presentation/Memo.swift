import FeatureBridge
import StoreKernel

/// A parent that presents the recorder as a sheet (a tree) and keeps what it recorded; its
/// `ifLet` is in its body, built again for every action, and names the case itself.
struct Memo: Reducer {
  struct State: Equatable {
    @PresentationState var recording: Recording?
    var recorded: [Int] = []
    var nextID = 1
  }

  enum Action: Equatable, Sendable {
    case recordTapped
    case stopTapped
    case recorder(PresentationAction<FeatureAction<RecorderInput, RecorderOutput>>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .recordTapped:
        state.recording = Recording(id: state.nextID)
        state.nextID += 1
        return .none
      case .stopTapped:
        return .send(.recorder(.presented(.input(.stop))))
      case .recorder(.presented(.output(let output))):
        switch output {
        case .recorded: return .none
        case .stopped(let seconds):
          state.recorded.append(seconds)
          state.recording = nil
          return .none
        }
      case .recorder:
        return .none
      }
    }
    .ifLet(\.$recording, action: Action.recorder, feature: RecorderFeature.launcher)
  }
}

/// A parent that presents recorders on a stack; its `forEach` is in its body.
struct Takes: Reducer {
  struct State: Equatable {
    var path = StackState<Recording>()
  }

  enum Action: Equatable, Sendable {
    case newTake(Int)
    case path(StackAction<Recording, FeatureAction<RecorderInput, RecorderOutput>>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .newTake(let id):
        state.path.append(Recording(id: id))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: Action.path, feature: RecorderFeature.launcher)
  }
}

/// A feature that presents a recorder from its initial state and passes on what it records:
/// the recorder runs from the booth's own start, in either hosting.
struct BoothReducer: Reducer {
  struct State: Equatable {
    @PresentationState var recording: Recording?
  }

  enum Action: BoundaryAction, Equatable {
    case recorder(PresentationAction<FeatureAction<RecorderInput, RecorderOutput>>)
    case delegate(seconds: Int)

    case input(Never)
    case view(Never)
    var output: Int? { if case .delegate(let seconds) = self { seconds } else { nil } }
  }

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      if case .recorder(.presented(.output(.recorded(let seconds)))) = action {
        return .send(.delegate(seconds: seconds))
      }
      return .none
    }
    .ifLet(\.$recording, action: Action.recorder, feature: RecorderFeature.launcher)
  }

  static let launcher = FeatureLauncher { (id: Int) in
    FeatureRecipe(
      name: "Booth", initialState: State(recording: Recording(id: id)), reducer: BoothReducer())
  }
}

/// A parent that presents a booth and keeps what it hears.
struct Lobby: Reducer {
  struct State: Equatable {
    @PresentationState var booth: Int?
    var heard: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case open
    case booth(PresentationAction<FeatureAction<Never, Int>>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        state.booth = 1
      case .booth(.presented(.output(let seconds))):
        state.heard.append(seconds)
      case .booth:
        break
      }
      return .none
    }
    .ifLet(\.$booth, action: Action.booth, feature: BoothReducer.launcher)
  }
}
