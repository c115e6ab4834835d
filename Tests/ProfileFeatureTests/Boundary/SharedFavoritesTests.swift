import CounterFeature
import CounterTerminalView
import FeatureBridge
import FeatureBridgeTesting
import ProfileFeature
import ProfileTerminalView
import StoreKernel
import TerminalUI
import Testing

/// The counter and the profile started with the same shared favorites, as a host wires them:
/// each sees the other's changes without any message between them. The tests wait on what the
/// views show, through Observation: no polling.
@FavoritesActor
@Suite struct SharedFavoritesTests {
  @Test func aFavoriteSavedInTheCounterShowsUpInTheProfileAndBack() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(count: 3, favorites: favorites))
    let profile = ProfileFeature.launcher.start(favorites)
    let counterView = CounterFeature.terminalView(of: counter)
    let profileView = ProfileFeature.terminalView(of: profile)
    let counterLog = OutputLog(counter.outputs)
    let profileLog = OutputLog(profile.outputs)

    #expect(counterView.handle([.character("s")]) == 1)
    let profileLines = await observed({ profileView.render(width: 40, height: 10) }) {
      $0.contains("  ▸ 3")
    }
    #expect(profileLines.contains("    Favorites (1)"))

    #expect(profileView.handle([.character("d")]) == 1)
    let counterLines = await observed({ counterView.render(width: 60, height: 10) }) {
      $0.contains("    Favorites: none yet")
    }
    #expect(counterLines.contains("    s: save as favorite"))
    #expect(favorites.wrappedValue.isEmpty)

    #expect(await counterLog.waitFor(count: 1))
    #expect(counterLog.outputs == [.favoriteSaved(3)])
    #expect(await profileLog.waitFor(count: 3))
    #expect(
      profileLog.outputs == [
        .favoriteCountChanged(1), .favoriteCountChanged(0), .favoriteRemoved(3),
      ])

    await counter.stop()
    await profile.stop()
    #expect(favorites.subscriberCount == 0)
  }

  @Test func manySavesFromTheCounterAllReachTheProfileInOrder() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(favorites: favorites))
    let profile = ProfileFeature.launcher.start(favorites)
    let profileView = ProfileFeature.terminalView(of: profile)
    for number in 1...20 {
      #expect(await counter.send(.setCount(number)))
      #expect(await counter.send(.toggleFavorite))
    }
    await counter.settle()
    #expect(favorites.wrappedValue == Set(1...20))
    let lines = await observed({ profileView.render(width: 40, height: 30) }) {
      $0.contains("    Favorites (20)")
    }
    #expect(lines.suffix(20) == (1...20).map { $0 == 1 ? "  ▸ 1" : "    \($0)" })
    await counter.stop()
    await profile.stop()
  }
}
