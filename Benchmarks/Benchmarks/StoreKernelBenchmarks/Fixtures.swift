// The domains the StoreKernel benchmarks run: each as small as the measured path allows, so
// the figures are the runtime's cost, not the feature's.

import KernelFixtures
import StoreKernel

// The trivial domain (`Counter`, `CounterAction`) is in KernelFixtures, a module compiled
// without cross-module optimization, next to the sinks.

// MARK: - Effect round trip

/// `.ping` starts an effect that sends `.pong` back into the store.
enum PingAction: Sendable {
  case ping
  case pong
}

/// Counts pongs; every ping leaves the actor in a `.run` effect and comes back as a pong.
struct PingPong: Reducer {
  func reduce(into pongs: inout Int, action: PingAction) -> Effect<PingAction> {
    switch action {
    case .ping:
      return .run { send in await send(.pong) }
    case .pong:
      pongs &+= 1
      return .none
    }
  }
}

// MARK: - Observation fan-out

/// A state of `count` independent fields, one per observer.
struct Fields {
  var values: [Int]

  init(count: Int) {
    values = Array(repeating: 0, count: count)
  }
}

/// Changes exactly one field.
enum FieldAction: Sendable {
  case bump(field: Int)
}

/// Bumps the named field and nothing else.
struct FieldBumper: Reducer {
  func reduce(into state: inout Fields, action: FieldAction) -> Effect<FieldAction> {
    switch action {
    case .bump(let field):
      state.values[field] &+= 1
      return .none
    }
  }
}

// MARK: - Dependencies

/// How much each increment adds: a dependency a reducer reads on every action.
enum StepKey: DependencyKey {
  static let liveValue = 1
  static let testValue = 1
}

extension DependencyValues {
  var step: Int {
    get { self[StepKey.self] }
    set { self[StepKey.self] = newValue }
  }
}

/// Adds the `step` dependency on every action: one `@Dependency` read per `send`.
struct SteppingCounter: Reducer {
  @Dependency(\.step) var step

  func reduce(into count: inout Int, action: CounterAction) -> Effect<CounterAction> {
    count &+= step
    return .none
  }
}
