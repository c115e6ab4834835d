import StoreKernel

enum CounterAction: Sendable { case increment, decrement }

struct Counter: Reducer {
  func reduce(into count: inout Int, action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .increment: count += 1
    case .decrement: count -= 1
    }
    return .none
  }
}

@MainActor func demo() -> ObservationToken {
  let store = Store(initialState: 0, reducer: Counter())
  let token = store.observe({ $0 }) { print("count:", $0) }
  store.send(.increment)  // "count: 0" was printed by observe, now "count: 1"
  return token
}
