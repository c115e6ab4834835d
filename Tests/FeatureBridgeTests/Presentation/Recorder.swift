import FeatureBridge
import StoreKernel
import StoreKernelTesting

/// A small feature other features present: it records while it runs (a timer on the clock),
/// reports what it recorded, and can dismiss itself.
enum RecorderInput: Sendable, Equatable {
  case stop
  case finishAndClose
}

enum RecorderOutput: Sendable, Equatable {
  case recorded(seconds: Int)
  case stopped(seconds: Int)
}

/// What a parent presents the recorder with.
struct Recording: Equatable, Sendable, Identifiable {
  var id: Int
  var title = ""
}

struct RecorderState: Equatable {
  var recording: Recording
  var seconds = 0
}

enum RecorderAction: BoundaryAction, Equatable {
  enum ViewAction: Sendable, Equatable { case stopTapped }
  case input(RecorderInput)
  case view(ViewAction)
  case started
  case tick
  case stopping
  case delegate(RecorderOutput)

  static var didStart: Self? { .started }
  static var willStop: Self? { .stopping }

  var output: RecorderOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}

struct RecorderReducer: Reducer {
  struct Timer: Hashable, Sendable {}

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout RecorderState, action: RecorderAction) -> Effect<RecorderAction> {
    switch action {
    case .started:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: Timer())
    case .tick:
      state.seconds += 1
      return .send(.delegate(.recorded(seconds: state.seconds)))
    case .input(.stop), .view(.stopTapped):
      return .merge(.cancel(id: Timer()), .send(.delegate(.stopped(seconds: state.seconds))))
    case .input(.finishAndClose):
      return .run { [dismiss] _ in await dismiss() }
    case .stopping:
      return .cancel(id: Timer())
    case .delegate:
      return .none
    }
  }
}

enum RecorderFeature {
  /// The recorder, started for a recording on the caller's actor.
  static func start(
    _ recording: Recording, isolation: isolated any Actor = #isolation
  ) -> FeatureHandle<RecorderInput, RecorderOutput> {
    FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: "Recorder", initialState: RecorderState(recording: recording),
        reducer: RecorderReducer())
    }.start(isolation: isolation)
  }

  /// What a parent presents it with: made from its recipe, so a host may compose it into the
  /// parent's store.
  static let launcher = FeatureLauncher { (recording: Recording) in
    FeatureRecipe(
      name: "Recorder", initialState: RecorderState(recording: recording),
      reducer: RecorderReducer())
  }
}
