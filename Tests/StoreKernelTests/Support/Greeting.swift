import StoreKernel

/// A dependency with distinct live and test values, for tests that check which one is seen.
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

/// Records the greeting its reducer and its effects see.
struct Greeter: Reducer {
  enum Action: Equatable, Sendable {
    case greet
    case greetLater
    case heard(String)
  }

  @Dependency(\.greeting) var greeting

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .greet:
      state.append("reducer: \(greeting)")
      return .none
    case .greetLater:
      return .run { send in await send(.heard("effect: \(greeting)")) }
    case .heard(let text):
      state.append(text)
      return .none
    }
  }
}
