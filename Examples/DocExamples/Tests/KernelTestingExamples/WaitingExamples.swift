import StoreKernel
import StoreKernelTesting
import Testing

// The examples in the doc comments of completes(within:_:) and eventually(_:).

@Test func aTaskThatEndsCompletes() async {
  let task = Task { await Task.yield() }
  #expect(await completes { await task.value })
}

/// Saves a favorite from an effect.
struct Favorites: Reducer {
  struct State: Equatable, Sendable { var favorites: Set<Int> = [] }
  enum Action: Sendable {
    case save(Int)
    case saved(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .save(let number): return .run { send in await send(.saved(number)) }
    case .saved(let number):
      state.favorites.insert(number)
      return .none
    }
  }
}

@MainActor @Test func aFavoriteSavedByAnEffectShowsUp() async {
  let store = Store(initialState: Favorites.State(), reducer: Favorites())
  store.send(.save(3))
  let saw = await eventually { store.state.favorites == [3] }
  #expect(saw)
}
