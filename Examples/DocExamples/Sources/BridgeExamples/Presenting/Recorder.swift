public import FeatureBridge
import StoreKernel

// The feature the Navigation article's memo presents: a recorder behind a boundary, written the
// way a feature module writes one (its state, actions and reducer stay internal).

/// What a host or a parent may tell the recorder.
public enum RecorderInput: Sendable, Equatable {
  case stop
}

/// What the recorder reports.
public enum RecorderOutput: Sendable, Equatable {
  case stopped(seconds: Int)
}

/// What a parent presents the recorder with: a value the parent owns.
public struct Recording: Equatable, Sendable, Identifiable {
  /// The recording's number.
  public var id: Int

  /// A recording numbered `id`.
  public init(id: Int) { self.id = id }
}

struct RecorderState: Equatable {
  var seconds = 0
}

enum RecorderAction: BoundaryAction {
  enum ViewAction: Sendable { case closeTapped }
  case input(RecorderInput)
  case view(ViewAction)
  case started
  case tick
  case delegate(RecorderOutput)

  static var didStart: Self? { .started }

  var output: RecorderOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}

struct RecorderReducer: Reducer {
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
      .cancellable(id: "timer")
    case .tick:
      state.seconds += 1
      return .none
    case .input(.stop):
      return .merge(.cancel(id: "timer"), .send(.delegate(.stopped(seconds: state.seconds))))
    case .view(.closeTapped):
      return .run { [dismiss] _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}

/// The recorder's public face.
public enum RecorderFeature {
  /// How a host starts it (`launcher.start(_:)`) and a parent presents it, in a store of its
  /// own or composed into the parent's store.
  public static let launcher = FeatureLauncher { (recording: Recording) in
    FeatureRecipe(name: "Recorder", initialState: RecorderState(), reducer: RecorderReducer())
  }
}
