import FeatureBridge
import StoreKernel
import Synchronization

/// A feature that holds what real features hold while they run: a subscription to a shared
/// value (started by its `didStart` action), a long-running effect per input (a timer that
/// never fires), a delegate output, and a view that observes its store. Every one of them must
/// be gone once the feature stops.
enum ProbeFeature {
  /// Counts the probe's effects that are running now, across every probe.
  final class EffectCensus: Sendable {
    private let count = Atomic(0)

    var running: Int { count.load(ordering: .acquiring) }

    func enter() { count.add(1, ordering: .acquiringAndReleasing) }

    func leave() { count.subtract(1, ordering: .acquiringAndReleasing) }
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
    let shared: SharedValue<Int>
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

  /// The view observes the store, as a real view does, so the observer path is exercised too.
  final class View: FeatureView {
    private var observation: ObservationToken?
    private(set) var renderGeneration = 0
    let keyHelp: [String] = []

    init(store: ViewStore<State, Never>) {
      observation = store.observe({ $0.inputs }) { [weak self] _ in self?.renderGeneration += 1 }
    }

    func render(width: Int, height: Int) -> [String] { [] }

    func handle(_ keys: [KeyPress]) -> Int { 0 }
  }

  static func start(
    name: String, inputs: AsyncStream<Int>, shared: SharedValue<Int>, census: EffectCensus,
    isolation: isolated any Actor = #isolation
  ) -> Feature<Int, Int> {
    Feature.start(
      name: name, initialState: State(), reducer: Logic(shared: shared, census: census),
      inputs: inputs,
      view: { View(store: $0) }, isolation: isolation)
  }
}
