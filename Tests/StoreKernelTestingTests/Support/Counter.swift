import StoreKernel

/// A dependency with a test value, to check which value a test store's feature sees.
enum GreetingKey: DependencyKey {
  static let liveValue = "live greeting"
  static let testValue = "test greeting"
}

extension DependencyValues {
  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

/// The feature the test store tests drive: plain changes, actions fed back by `.send`, effects
/// that answer at once, after a delay, or never.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case noop
    case incrementTwice
    case delayedIncrement
    case incrementResponse
    case fetchPair
    case first
    case second
    case fetchSteps
    case step(Int)
    case waitForever
    case greet
    case touchClock
  }

  @Dependency(\.clock) var clock
  @Dependency(\.greeting) var greeting

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment, .incrementResponse:
      state.count += 1
      return .none
    case .noop:
      return .none
    case .incrementTwice:
      state.count += 1
      return .send(.increment)
    case .delayedIncrement:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.incrementResponse)
      }
    case .fetchPair:
      return .run { send in
        await send(.first)
        await send(.second)
      }
    case .first, .second:
      state.log.append("\(action)")
      return .none
    case .fetchSteps:
      return .run { send in
        for step in 1...3 { await send(.step(step)) }
      }
    case .step(let step):
      state.log.append("step \(step)")
      return .none
    case .waitForever:
      return .run { [clock] _ in try await clock.sleep(for: .seconds(3600)) }
    case .greet:
      state.log.append(greeting)
      return .none
    case .touchClock:
      _ = clock
      return .none
    }
  }
}
