import FeatureBridge
import StoreKernel

/// A feature whose start work ends by itself, like the notes' load: it holds `.record` inputs
/// back until its load (gated by the test) is done, and its stop action reports what it holds.
enum LoaderAction: BoundaryAction, Equatable {
  enum Input: Sendable, Equatable {
    case record(String)
  }

  case input(Input)
  case view(Never)
  case load
  case loadFinished
  case stop
  case delegate(String)

  var output: String? {
    if case .delegate(let output) = self { return output }
    return nil
  }

  static var didStart: LoaderAction? { .load }
  static var willStop: LoaderAction? { .stop }
  static var startWorkEnds: Bool { true }
}

struct LoaderState: Equatable {
  var isLoaded = false
  var waiting: [String] = []
  var recorded: [String] = []
}

/// Opens once; everything waiting on it then goes on.
final class Gate: Sendable {
  private let opened: AsyncStream<Void>
  private let open: AsyncStream<Void>.Continuation

  init() {
    (opened, open) = AsyncStream.makeStream(of: Void.self)
  }

  func release() {
    open.finish()
  }

  func wait() async {
    for await _ in opened {}
  }
}

struct Loader: Reducer {
  let gate: Gate

  func reduce(into state: inout LoaderState, action: LoaderAction) -> Effect<LoaderAction> {
    switch action {
    case .load:
      let gate = gate
      return .run { send in
        await gate.wait()
        await send(.loadFinished)
      }
    case .loadFinished:
      state.isLoaded = true
      let waiting = state.waiting
      state.waiting = []
      state.recorded += waiting
      return .merge(waiting.map { .send(.delegate("recorded \($0)")) })
    case .input(.record(let text)) where !state.isLoaded:
      state.waiting.append(text)
      return .none
    case .input(.record(let text)):
      state.recorded.append(text)
      return .send(.delegate("recorded \(text)"))
    case .stop:
      return .send(.delegate("stopped with \(state.recorded.count) recorded"))
    case .delegate:
      return .none
    }
  }
}

extension FeatureHandle<LoaderAction.Input, String> {
  /// Starts the loader on the caller's actor; its load finishes when `gate` is released.
  static func loader(
    gate: Gate, isolation: isolated any Actor = #isolation
  ) -> FeatureHandle<LoaderAction.Input, String> {
    FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "Loader", initialState: LoaderState(), reducer: Loader(gate: gate))
    }.start(isolation: isolation)
  }
}
