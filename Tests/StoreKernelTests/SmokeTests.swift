import StoreKernel
import StoreKernelTesting
import Testing

enum CounterAction: Equatable, Sendable {
  case increment
  case delayedIncrement
  case incrementResponse
}

struct CounterState: Equatable {
  var count = 0
}

struct Counter: Reducer {
  @Dependency(\.clock) var clock

  func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .delayedIncrement:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.incrementResponse)
      }
    case .incrementResponse:
      state.count += 1
      return .none
    }
  }
}

@MainActor
@Test func smoke() async {
  let clock = TestClock()
  let store = TestStore(initialState: CounterState(), reducer: Counter()) { $0.clock = clock }
  await store.send(.increment) { $0.count = 1 }
  await store.send(.delayedIncrement)
  await clock.advance(by: .seconds(1))
  await store.receive(.incrementResponse) { $0.count = 2 }
}

@MainActor
@Test func plainStoreRoundTrip() async {
  let store = Store(initialState: CounterState(), reducer: Counter()) { $0.clock = ContinuousClock() }
  var seen: [Int] = []
  let token = store.observe(\.count) { seen.append($0) }
  store.send(.increment)
  store.send(.increment)
  #expect(seen == [0, 1, 2])
  _ = token
}
