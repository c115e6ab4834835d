import StoreKernel

// The examples in the doc comments of Reducer, Reduce, Store and Store.observe.

enum CounterAction: Equatable, Sendable { case increment, decrement }

struct Counter: Reducer {
  func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .increment: state += 1
    case .decrement: state -= 1
    }
    return .none
  }
}

/// The same logic as a closure.
func closureCounter() -> Reduce<Int, CounterAction> {
  let counter = Reduce<Int, CounterAction> { count, action in
    count += action == .increment ? 1 : -1
    return .none
  }
  return counter
}

@MainActor func makeCounter() -> Store<Int, CounterAction> {
  Store(initialState: 0, reducer: Counter())
}

/// A store's state read through a key path, as a renderer observes it.
struct Tally: Equatable, Sendable {
  var count = 0
}

@MainActor func observeCount(
  of store: Store<Tally, CounterAction>, render: @escaping (Int) -> Void
) -> ObservationToken {
  let token = store.observe(\.count) { count in render(count) }
  return token
}

/// Counts one action into a registry of its own.
@MainActor func countIntoARegistry() -> StoreRegistry {
  let registry = StoreRegistry()
  let store = Store(initialState: 0, reducer: Counter()) { $0.storeRegistry = registry }
  store.send(.increment)
  print(registry.totals.actionsReceived)  // 1
  return registry
}
