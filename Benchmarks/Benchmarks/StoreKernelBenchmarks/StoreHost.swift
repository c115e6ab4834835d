import Benchmark
import KernelFixtures
import StoreKernel

/// A custom actor, as a terminal or server host gives its stores. Every store below is created
/// inside one of its methods, so the store captures this actor as its `isolation`.
///
/// Each method is entered once per benchmark iteration (one hop, not measured), then starts the
/// measurement, loops `scaledIterations` times and stops it: the harness divides by the scaling
/// factor, so every figure is the cost of one operation. Stores are built and warmed on the
/// first iteration and reused, so every sample measures a warm store, not its creation.
actor StoreHost {
  /// A trivial root store and the store scoped `depth` levels below it (the root at 0).
  private typealias ScopeChain = (root: Store<Int, CounterAction>, leaf: Store<Int, CounterAction>)

  private var scopeChains: [Int: ScopeChain] = [:]
  private var pingPongStore: Store<Int, PingAction>?
  private var steppingStore: Store<Int, CounterAction>?
  private var fanOutStores: [Int: FanOut] = [:]

  /// A store with one observer per field, and the count of observer calls.
  private final class FanOut {
    let store: Store<Fields, FieldAction>
    var calls = 0
    var tokens: [ObservationToken] = []

    init(observers: Int, isolation: isolated any Actor = #isolation) {
      store = Store(initialState: Fields(count: observers), reducer: FieldBumper())
      for field in 0..<observers {
        tokens.append(store.observe({ $0.values[field] }) { [unowned self] _ in calls &+= 1 })
      }
    }
  }

  /// `send` of a trivial action into a store scoped `depth` levels below its root (0: the
  /// root itself). Each level forwards to its parent, so the action reaches the root's reducer
  /// through `depth` scopes.
  func sends(depth: Int, _ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let (root, store) = scopeChains[depth] ?? makeScopeChain(depth: depth)
    let before = root.state

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink(store.send(.increment))
    }
    benchmark.stopMeasurement()

    precondition(root.state == before + benchmark.scaledIterations.count)
  }

  private func makeScopeChain(depth: Int) -> ScopeChain {
    let root = Store(initialState: 0, reducer: Counter())
    var leaf = root
    for _ in 0..<depth {
      leaf = leaf.scope(state: { $0 }, action: { $0 })
    }
    for _ in 0..<1_000 {
      leaf.send(.increment)
    }
    scopeChains[depth] = (root, leaf)
    return (root, leaf)
  }

  /// `send(.ping)` starts a `.run` effect off the actor; the effect sends `.pong` back (a hop
  /// onto this actor); `finish()` waits for the effect to end.
  func effectRoundTrips(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let store: Store<Int, PingAction>
    if let existing = pingPongStore {
      store = existing
    } else {
      store = Store(initialState: 0, reducer: PingPong())
      await store.send(.ping).finish()
      pingPongStore = store
    }
    let before = store.state

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      await store.send(.ping).finish()
    }
    benchmark.stopMeasurement()

    precondition(store.state == before + benchmark.scaledIterations.count)
  }

  /// One state change seen by `observers` observers, each watching a different field; only
  /// field 0 changes, so exactly one observer must be called per send.
  func observationFanOut(observers: Int, _ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let fanOut: FanOut
    if let existing = fanOutStores[observers] {
      fanOut = existing
    } else {
      fanOut = FanOut(observers: observers)
      // `observe` calls every observer once with its initial value.
      precondition(fanOut.calls == observers)
      fanOutStores[observers] = fanOut
    }
    fanOut.calls = 0

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink(fanOut.store.send(.bump(field: 0)))
    }
    benchmark.stopMeasurement()

    precondition(
      fanOut.calls == benchmark.scaledIterations.count,
      "expected exactly one observer call per send, got \(fanOut.calls)")
    blackHole(fanOut.calls)
  }

  /// Baseline: the same trivial reducer called directly on an `inout` state, no store. The
  /// limit a store's `send` is measured against: one call of the reducer that the compiler
  /// can neither inline nor fold (`Counter` is compiled in another module, without
  /// cross-module optimization), and one sink call, as in the `send` loops.
  /// `send` of a trivial action into a root store whose reducer reads one dependency (set by
  /// the store's host) on every action.
  func sendsReadingADependency(_ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let store: Store<Int, CounterAction>
    if let existing = steppingStore {
      store = existing
    } else {
      store = Store(initialState: 0, reducer: SteppingCounter()) { $0.step = 2 }
      steppingStore = store
    }
    let before = store.state

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink(store.send(.increment))
    }
    benchmark.stopMeasurement()

    precondition(store.state == before + 2 * benchmark.scaledIterations.count)
  }

  func directReducerCalls(_ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let reducer = Counter()
    var count = 0

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink(reducer.reduce(into: &count, action: .increment))
    }
    benchmark.stopMeasurement()

    precondition(count == benchmark.scaledIterations.count)
    blackHole(count)
  }
}
