// A parent that presents features in stores of their own (FeatureBridge's presentation), as a
// sheet and on a stack, for the presentation benchmarks.

import Benchmark
import FeatureBridge
import StoreKernel

/// What a parent presents a counting feature with.
struct Presented: Equatable, Sendable, Identifiable {
  var id: Int
}

/// How a parent presents a counting feature.
enum CountingLauncher {
  static let counting = FeatureLauncher<Presented, Int, Int> { _, isolation in
    CountingFeature.start(isolation: isolation).feature
  }
}

/// Presents one counting feature as a sheet.
struct Sheet: Reducer {
  struct State {
    @PresentationState var presented: Presented?
    var next = 0
  }

  enum Action: Sendable {
    case present
    case child(PresentationAction<FeatureAction<Int, Int>>)

    static let childPath = ActionPath<Action, PresentationAction<FeatureAction<Int, Int>>>(
      embed: Action.child, extract: { if case .child(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      if case .present = action {
        state.next += 1
        state.presented = Presented(id: state.next)
      }
      return .none
    }
    .ifLet(\.$presented, action: Action.childPath, feature: CountingLauncher.counting)
    .reduce(into: &state, action: action)
  }
}

/// Presents counting features on a stack.
struct Screens: Reducer {
  struct State {
    var path = StackState<Presented>()
    var next = 0
  }

  enum Action: Sendable {
    case push
    case path(StackAction<Presented, FeatureAction<Int, Int>>)

    static let pathPath = ActionPath<Action, StackAction<Presented, FeatureAction<Int, Int>>>(
      embed: Action.path, extract: { if case .path(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      if case .push = action {
        state.next += 1
        state.path.append(Presented(id: state.next))
      }
      return .none
    }
    .forEach(\.path, action: Action.pathPath, feature: CountingLauncher.counting)
    .reduce(into: &state, action: action)
  }
}

extension FeatureHostActor {
  /// Presenting a feature (its store started) and dismissing it (stopped): one pair.
  func presentAndDismiss(_ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let features = FeatureRegistry()
    let store = Store(initialState: Sheet.State(), reducer: Sheet()) {
      $0.featureRegistry = features
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.present)
      store.send(.child(.dismiss))
    }
    benchmark.stopMeasurement()
    precondition(features.liveFeatureCount == 0, "a dismissed feature is still running")
  }

  /// A push and a pop on a stack that already holds `depth` presented features: one pair.
  func pushAndPop(_ box: UncheckedBox<Benchmark>, depth: Int) {
    let benchmark = box.value
    let features = FeatureRegistry()
    let store = Store(initialState: Screens.State(), reducer: Screens()) {
      $0.featureRegistry = features
    }
    for _ in 0..<depth { store.send(.push) }
    precondition(features.liveFeatureCount == depth)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.push)
      guard let top = store.state.path.ids.last else { preconditionFailure("nothing pushed") }
      store.send(.path(.popFrom(id: top)))
    }
    benchmark.stopMeasurement()
    precondition(features.liveFeatureCount == depth, "a popped feature is still running")
  }
}
