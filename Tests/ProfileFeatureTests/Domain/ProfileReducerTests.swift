import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

@testable import ProfileFeature

@MainActor
@Suite struct ProfileReducerTests {
  let favorites = Shared<Set<Int>>(value: [])

  func makeStore(_ state: ProfileState) -> TestStore<ProfileState, ProfileAction> {
    let favorites = favorites
    return TestStore(initialState: state, reducer: ProfileReducer()) {
      $0.profileFavorites = favorites
    }
  }

  @Test func favoritesAreSortedAndTheFirstIsSelected() {
    let state = ProfileState(favorites: [30, -2, 7])
    #expect(state.favorites == [-2, 7, 30])
    #expect(state.selected == -2)
    #expect(ProfileState().selected == nil)
  }

  @Test func selectNextMovesDownAndStopsAtTheLast() async {
    let store = makeStore(ProfileState(favorites: [1, 2, 3]))
    await store.send(.view(.selectNext)) { $0.selected = 2 }
    await store.send(.view(.selectNext)) { $0.selected = 3 }
    await store.send(.view(.selectNext))
    await store.finish()
  }

  @Test func selectPreviousMovesUpAndStopsAtTheFirst() async {
    let store = makeStore(ProfileState(favorites: [1, 2, 3], selected: 3))
    await store.send(.view(.selectPrevious)) { $0.selected = 2 }
    await store.send(.view(.selectPrevious)) { $0.selected = 1 }
    await store.send(.view(.selectPrevious))
    await store.finish()
  }

  @Test func selectingWithNoFavoritesSelectsNothing() async {
    let store = makeStore(ProfileState())
    await store.send(.view(.selectNext))
    await store.send(.view(.selectPrevious))
    #expect(store.state.selected == nil)
    await store.finish()
  }

  @Test func selectingFromAStaleSelectionStartsAtTheFirst() async {
    let store = makeStore(ProfileState(favorites: [4, 8], selected: 99))
    await store.send(.view(.selectPrevious)) { $0.selected = 4 }
    await store.finish()
  }

  @Test func selectInputSelectsOnlyAFavorite() async {
    let store = makeStore(ProfileState(favorites: [1, 5, 9]))
    await store.send(.input(.select(9))) { $0.selected = 9 }
    await store.send(.input(.select(4)))
    await store.finish()
  }

  @Test func removeSelectedUpdatesTheSharedValueAndReports() async {
    favorites.withLock { $0 = [1, 2, 3] }
    let store = makeStore(ProfileState(favorites: [1, 2, 3], selected: 2))
    await store.send(.view(.removeSelectedTapped)) {
      $0.favorites = [1, 3]
      $0.selected = 1
    }
    await store.receive(.delegate(.favoriteCountChanged(2)))
    await store.receive(.delegate(.favoriteRemoved(2)))
    await store.finish()
    #expect(favorites.wrappedValue == [1, 3])
  }

  @Test func removingTheFirstSelectsTheNextOne() async {
    favorites.withLock { $0 = [1, 2, 3] }
    let store = makeStore(ProfileState(favorites: [1, 2, 3], selected: 1))
    await store.send(.view(.removeSelectedTapped)) {
      $0.favorites = [2, 3]
      $0.selected = 2
    }
    await store.receive(.delegate(.favoriteCountChanged(2)))
    await store.receive(.delegate(.favoriteRemoved(1)))
    await store.finish()
    #expect(favorites.wrappedValue == [2, 3])
  }

  @Test func removingTheLastFavoriteLeavesNothingSelected() async {
    favorites.withLock { $0 = [5] }
    let store = makeStore(ProfileState(favorites: [5]))
    await store.send(.view(.removeSelectedTapped)) {
      $0.favorites = []
      $0.selected = nil
    }
    await store.receive(.delegate(.favoriteCountChanged(0)))
    await store.receive(.delegate(.favoriteRemoved(5)))
    await store.finish()
    #expect(favorites.wrappedValue == [])
  }

  @Test func aNotificationOlderThanTheSharedValueIsIgnored() async {
    // The subscription delivers [5, 6] after the removal already changed the shared value:
    // installing it would bring 5 back for a moment (and tell the host the count went up).
    favorites.withLock { $0 = [5, 6] }
    let store = makeStore(ProfileState(favorites: [5, 6], selected: 5))
    await store.send(.input(.remove(5))) {
      $0.favorites = [6]
      $0.selected = 6
    }
    #expect(favorites.wrappedValue == [6])
    await store.receive(.delegate(.favoriteCountChanged(1)))
    await store.receive(.delegate(.favoriteRemoved(5)))
    await store.send(.internal(.favoritesChanged([5, 6])))
    await store.finish()
  }

  @Test func removeWithNothingSelectedDoesNothing() async {
    let store = makeStore(ProfileState())
    let task = await store.send(.view(.removeSelectedTapped))
    #expect(task.isEmpty)
    await store.finish()
  }

  @Test func favoritesSubscriptionKeepsTheListSortedAndTheSelectionValid() async {
    favorites.withLock { $0 = [3, 1] }
    let store = makeStore(ProfileState(favorites: [3, 1], selected: 3))
    let subscription = await store.send(.internal(.subscribeToFavorites))
    await store.receive(.internal(.favoritesChanged([1, 3])))

    favorites.withLock { _ = $0.insert(2) }
    await store.receive(.internal(.favoritesChanged([1, 2, 3]))) { $0.favorites = [1, 2, 3] }
    await store.receive(.delegate(.favoriteCountChanged(3)))

    // The selected favorite was removed elsewhere: the selection moves to its lower neighbour.
    favorites.withLock { _ = $0.remove(3) }
    await store.receive(.internal(.favoritesChanged([1, 2]))) {
      $0.favorites = [1, 2]
      $0.selected = 2
    }
    await store.receive(.delegate(.favoriteCountChanged(2)))

    // Same count, different numbers: the list changes, the count output does not.
    favorites.withLock { $0 = [1, 20] }
    await store.receive(.internal(.favoritesChanged([1, 20]))) {
      $0.favorites = [1, 20]
      $0.selected = 1
    }

    await subscription.cancel()
    await store.finish()
    #expect(favorites.subscriberCount == 0)
  }

  @Test func firstFavoriteArrivingIsSelected() async {
    let store = makeStore(ProfileState())
    favorites.withLock { $0 = [6, 2] }
    await store.send(.internal(.favoritesChanged([6, 2]))) {
      $0.favorites = [2, 6]
      $0.selected = 2
    }
    await store.receive(.delegate(.favoriteCountChanged(2)))
    await store.finish()
  }
}
