import StoreKernel
import StoreKernelTesting
import Testing

/// A feature written as TCA users write it: a body, no `reduce`.
private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .none
    }
  }
}

/// A reducer that implements `reduce` alone, unchanged by the body requirement.
private struct Doubler: Reducer {
  func reduce(into state: inout Int, action: Counter.Action) -> Effect<Counter.Action> {
    state *= 2
    return .none
  }
}

/// Both written: the store calls `reduce`, as in TCA.
private struct Both: Reducer {
  var body: some Reducer<Int, Counter.Action> {
    Reduce { state, _ in
      state = -1
      return .none
    }
  }

  func reduce(into state: inout Int, action: Counter.Action) -> Effect<Counter.Action> {
    state += 10
    return .none
  }
}

@MainActor
@Suite struct ReducerTests {
  @Test func aReducerWithABodyRunsItsBody() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.decrement) { $0.count = 1 }
  }

  @Test func aReducerWithReduceAloneRunsIt() async {
    let store = TestStore(initialState: 3) { Doubler() }
    await store.send(.increment) { $0 = 6 }
  }

  @Test func reduceWinsOverTheBody() async {
    let store = TestStore(initialState: 0) { Both() }
    await store.send(.increment) { $0 = 10 }
  }

  @Test func reducerOfNamesTheDomainOfAFeature() {
    let reducer: some ReducerOf<Counter> = Counter().body
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    #expect(state.count == 1)
  }

  @Test func theStoreAndTestStoreClosuresAreReducerBuilders() async {
    let store = TestStore(initialState: 1) {
      Doubler()
      Doubler()
    }
    await store.send(.increment) { $0 = 4 }
    let plain = Store(initialState: 1) {
      Doubler()
      Doubler()
      Doubler()
    }
    plain.send(.increment)
    #expect(plain.state == 8)
  }
}
