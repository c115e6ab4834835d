import CounterFeature
import FeatureBridge
import ProfileFeature
import StoreKernelTesting
import Testing

/// The counter and the profile started with the same shared favorites, as a host wires them:
/// each sees the other's changes without any message between them.
@MainActor
@Suite struct SharedFavoritesTests {
  @Test func aFavoriteSavedInTheCounterShowsUpInTheProfileAndBack() async {
    let favorites = SharedValue<Set<Int>>([])
    let (counterInputs, _) = AsyncStream.makeStream(of: CounterInput.self)
    let (profileInputs, _) = AsyncStream.makeStream(of: ProfileInput.self)
    let counter = CounterFeature.start(count: 3, inputs: counterInputs, favorites: favorites)
    let profile = ProfileFeature.start(inputs: profileInputs, favorites: favorites)
    let counterLog = OutputLog(counter.outputs)
    let profileLog = OutputLog(profile.outputs)
    #expect(await eventually { favorites.subscriberCount == 2 })

    #expect(counter.view.handle([.character("s")]) == 1)
    #expect(
      await eventually { profile.view.render(width: 40, height: 10).contains("  ▸ 3") })
    #expect(profile.view.render(width: 40, height: 10).contains("    Favorites (1)"))

    #expect(profile.view.handle([.character("x")]) == 1)
    #expect(
      await eventually {
        counter.view.render(width: 60, height: 10).contains("    Favorites: none yet")
      })
    #expect(counter.view.render(width: 60, height: 10).contains("    s: save as favorite"))
    #expect(favorites.value.isEmpty)

    #expect(await counterLog.waitFor(count: 1))
    #expect(counterLog.outputs == [.favoriteSaved(3)])
    #expect(await profileLog.waitFor(count: 3))
    #expect(
      profileLog.outputs == [
        .favoriteCountChanged(1), .favoriteCountChanged(0), .favoriteRemoved(3),
      ])

    await counter.stop()
    await profile.stop()
    #expect(await eventually { favorites.subscriberCount == 0 })
  }

  @Test func manySavesFromTheCounterAllReachTheProfileInOrder() async {
    let favorites = SharedValue<Set<Int>>([])
    let (counterInputs, counterSend) = AsyncStream.makeStream(of: CounterInput.self)
    let (profileInputs, _) = AsyncStream.makeStream(of: ProfileInput.self)
    let counter = CounterFeature.start(inputs: counterInputs, favorites: favorites)
    let profile = ProfileFeature.start(inputs: profileInputs, favorites: favorites)
    for number in 1...20 {
      counterSend.yield(.setCount(number))
      #expect(await eventually { counter.metrics.inputsDelivered == number })
      counter.view.handle([.character("s")])
    }
    #expect(
      await eventually {
        profile.view.render(width: 40, height: 30).contains("    Favorites (20)")
      })
    #expect(
      profile.view.render(width: 40, height: 30).suffix(20)
        == (1...20).map { number in
          number == 1 ? "  ▸ 1" : "    \(number)"
        })
    #expect(favorites.value == Set(1...20))
    await counter.stop()
    await profile.stop()
  }
}
