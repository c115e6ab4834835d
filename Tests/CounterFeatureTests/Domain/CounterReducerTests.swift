import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

@testable import CounterFeature

@MainActor
@Suite struct CounterReducerTests {
  let favorites = Shared<Set<Int>>(value: [])

  func makeStore(_ state: CounterState = CounterState()) -> TestStore<CounterState, CounterAction> {
    let favorites = favorites
    return TestStore(initialState: state, reducer: CounterReducer()) {
      $0.counterFavorites = favorites
    }
  }

  @Test func incrementTappedRaisesTheCountAndReportsIt() async {
    let store = makeStore()
    await store.send(.view(.incrementTapped)) { $0.count = 1 }
    await store.receive(.delegate(.countChanged(1)))
    await store.send(.view(.incrementTapped)) { $0.count = 2 }
    await store.receive(.delegate(.countChanged(2)))
    await store.finish()
  }

  @Test func decrementTappedLowersTheCountBelowZero() async {
    let store = makeStore()
    await store.send(.view(.decrementTapped)) { $0.count = -1 }
    await store.receive(.delegate(.countChanged(-1)))
    await store.finish()
  }

  @Test func resetInputSetsZeroAndReportsIt() async {
    let store = makeStore(CounterState(count: 5))
    await store.send(.input(.reset)) { $0.count = 0 }
    await store.receive(.delegate(.countChanged(0)))
    await store.finish()
  }

  @Test func resetAtZeroReportsNothing() async {
    let store = makeStore()
    let task = await store.send(.input(.reset))
    #expect(task.isEmpty)
    await store.finish()
  }

  @Test func setCountInputReportsOnlyRealChanges() async {
    let store = makeStore()
    await store.send(.input(.setCount(42))) { $0.count = 42 }
    await store.receive(.delegate(.countChanged(42)))
    await store.send(.input(.setCount(42)))
    await store.finish()
  }

  @Test func favoriteToggledSavesTheCountInTheSharedValue() async {
    let store = makeStore(CounterState(count: 3))
    await store.send(.view(.favoriteToggled)) { $0.favorites = [3] }
    await store.receive(.delegate(.favoriteSaved(3)))
    await store.finish()
    #expect(favorites.wrappedValue == [3])
    #expect(store.state.isFavorite)
  }

  @Test func favoriteToggledOnAFavoriteRemovesIt() async {
    favorites.withLock { $0 = [1, 3] }
    let store = makeStore(CounterState(count: 3, favorites: [1, 3]))
    await store.send(.view(.favoriteToggled)) { $0.favorites = [1] }
    await store.receive(.delegate(.favoriteRemoved(3)))
    await store.finish()
    #expect(favorites.wrappedValue == [1])
    #expect(!store.state.isFavorite)
  }

  @Test func favoriteToggledKeepsFavoritesOtherFeaturesSaved() async {
    let store = makeStore(CounterState(count: 2))
    // Another feature saved 9 after the counter last looked: the counter's write must not lose it.
    favorites.withLock { $0 = [9] }
    await store.send(.view(.favoriteToggled)) { $0.favorites = [2] }
    await store.receive(.delegate(.favoriteSaved(2)))
    await store.finish()
    #expect(favorites.wrappedValue == [2, 9])
  }

  @Test func favoritesSubscriptionDeliversTheCurrentValueThenEveryChange() async {
    favorites.withLock { $0 = [7] }
    let store = makeStore()
    let subscription = await store.send(.internal(.started))
    await store.receive(.internal(.favoritesChanged([7]))) { $0.favorites = [7] }

    favorites.withLock { _ = $0.insert(0) }
    await store.receive(.internal(.favoritesChanged([0, 7]))) { $0.favorites = [0, 7] }
    #expect(store.state.isFavorite)

    favorites.withLock { $0 = [] }
    await store.receive(.internal(.favoritesChanged([]))) { $0.favorites = [] }

    await subscription.cancel()
    await store.finish()
    #expect(favorites.subscriberCount == 0)
  }

  @Test func ownToggleComesBackThroughTheSubscriptionWithoutAChange() async {
    let store = makeStore(CounterState(count: 4))
    let subscription = await store.send(.internal(.started))
    await store.receive(.internal(.favoritesChanged([])))
    await store.send(.view(.favoriteToggled)) { $0.favorites = [4] }
    await store.receive(.delegate(.favoriteSaved(4)))
    await store.receive(.internal(.favoritesChanged([4])))
    await subscription.cancel()
    await store.finish()
  }
}
