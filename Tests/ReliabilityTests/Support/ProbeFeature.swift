import FeatureBridge
import MultiStorePrimitives
import Observation
import StoreKernel

/// A feature that holds what real features hold while they run: a subscription to a shared
/// value (started by its `didStart` action), a long-running effect per input (a timer that
/// never fires), a delegate output, and a view that observes its store. Every one of them must
/// be gone once the feature stops.
enum ProbeFeature {
  /// Counts the probe's effects that are running now, across every probe, and wakes who
  /// waits for none to be running.
  final class EffectCensus: Sendable {
    private struct Count {
      var running = 0
      var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let count = LockedValue(Count())

    var running: Int { count.withLock { $0.running } }

    func enter() { count.withLock { $0.running += 1 } }

    func leave() {
      let waiters = count.withLock { count in
        count.running -= 1
        guard count.running == 0 else { return [CheckedContinuation<Void, Never>]() }
        defer { count.waiters = [] }
        return count.waiters
      }
      for waiter in waiters { waiter.resume() }
    }

    /// Returns once no probe effect is running (at once if none is).
    func untilNoneRunning() async {
      await withCheckedContinuation { continuation in
        let none = count.withLock { count in
          if count.running == 0 { return true }
          count.waiters.append(continuation)
          return false
        }
        if none { continuation.resume() }
      }
    }
  }

  struct State: Equatable {
    var inputs = 0
    var shared = 0
  }

  enum Action: BoundaryAction {
    case input(Int)
    case view(Never)
    case subscribe
    case sharedChanged(Int)
    case delegate(Int)

    var output: Int? {
      if case .delegate(let value) = self { return value }
      return nil
    }

    static var didStart: Action? { .subscribe }
  }

  struct Logic: Reducer {
    let shared: Shared<Int>
    let census: EffectCensus

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .input(let value):
        state.inputs += 1
        let census = census
        return .merge(
          .send(.delegate(value)),
          .run { _ in
            census.enter()
            defer { census.leave() }
            try await Task.sleep(for: .seconds(3_600))
          })
      case .subscribe:
        let shared = shared
        let census = census
        return .run { send in
          census.enter()
          defer { census.leave() }
          for await value in shared.values() { await send(.sharedChanged(value)) }
        }
      case .sharedChanged(let value):
        state.shared = value
        return .none
      case .delegate:
        return .none
      }
    }
  }

  /// Watches the store through a view store, as a real view does (Observation tracking, re-armed
  /// after every change), so the observer path is exercised too.
  @ReliabilityActor
  final class View {
    let store: ViewStore<State, Never>
    private(set) var renders = 0

    init(store: ViewStore<State, Never>) {
      self.store = store
      render()
    }

    func render() {
      renders += 1
      withObservationTracking {
        _ = store.inputs
      } onChange: { [weak self] in
        Task { @ReliabilityActor in self?.render() }
      }
    }
  }

  static func start(
    name: String, inputs: AsyncStream<Int>, shared: Shared<Int>, census: EffectCensus,
    withDependencies dependencies: (inout DependencyValues) -> Void,
    isolation: isolated any Actor = #isolation
  ) -> FeatureHandle<Int, Int> {
    FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: name, initialState: State(), reducer: Logic(shared: shared, census: census))
    }.start(inputs: inputs, withDependencies: dependencies, isolation: isolation)
  }

  /// The probe's view over a running probe.
  @ReliabilityActor
  static func view(of feature: FeatureHandle<Int, Int>) -> View {
    View(store: feature.viewStore(state: State.self, viewAction: Never.self))
  }
}
