import FeatureBridge
import ProfileFeature
import StoreKernelTesting
import Testing

/// The profile as a host sees it: inputs in, outputs out, a view to render and type into.
@MainActor
@Suite struct ProfileFeatureTests {
  @Test func viewListsTheFavoritesSortedWithTheSelectionMarked() async {
    let favorites = SharedValue<Set<Int>>([30, 4, 12])
    let (inputs, _) = AsyncStream.makeStream(of: ProfileInput.self)
    let profile = ProfileFeature.start(inputs: inputs, favorites: favorites)
    #expect(
      profile.view.render(width: 40, height: 10) == [
        "", "    Favorites (3)", "", "  ▸ 4", "    12", "    30",
      ])
    #expect(profile.view.handle([.down, .character("j"), .down]) == 3)
    #expect(profile.view.render(width: 40, height: 10).suffix(3) == ["    4", "    12", "  ▸ 30"])
    #expect(profile.view.handle([.up, .character("q"), .up]) == 1)
    #expect(profile.view.render(width: 40, height: 10).suffix(3) == ["    4", "  ▸ 12", "    30"])
    await profile.stop()
  }

  @Test func selectInputAndRemovalReachTheHost() async {
    let favorites = SharedValue<Set<Int>>([1, 2, 3])
    let (inputs, continuation) = AsyncStream.makeStream(of: ProfileInput.self)
    let profile = ProfileFeature.start(inputs: inputs, favorites: favorites)
    let log = OutputLog(profile.outputs)

    continuation.yield(.select(3))
    #expect(await eventually { profile.view.render(width: 40, height: 10).last == "  ▸ 3" })
    #expect(profile.view.handle([.character("x")]) == 1)
    #expect(await log.waitFor(count: 2))
    #expect(log.outputs == [.favoriteCountChanged(2), .favoriteRemoved(3)])
    #expect(await eventually { favorites.value == [1, 2] })
    #expect(profile.view.render(width: 40, height: 10).suffix(2) == ["    1", "  ▸ 2"])
    await profile.stop()
  }

  @Test func renderRespectsTheSizeItIsGiven() async {
    let favorites = SharedValue<Set<Int>>(Set(stride(from: -50_000, to: 50_000, by: 997)))
    let (inputs, _) = AsyncStream.makeStream(of: ProfileInput.self)
    let profile = ProfileFeature.start(inputs: inputs, favorites: favorites)
    profile.view.handle(Array(repeating: .down, count: 40))
    for width in 0...30 {
      for height in 0...12 {
        let lines = profile.view.render(width: width, height: height)
        #expect(lines.count <= height)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width })
      }
    }
    // A tall enough view scrolls so the selected favorite stays in sight.
    #expect(profile.view.render(width: 30, height: 8).contains { $0.hasPrefix("  ▸ ") })
    await profile.stop()
  }

  @Test func emptyProfileSaysHowToAddOne() async {
    let (inputs, _) = AsyncStream.makeStream(of: ProfileInput.self)
    let profile = ProfileFeature.start(inputs: inputs, favorites: SharedValue([]))
    #expect(
      profile.view.render(width: 60, height: 10).contains(
        "    No favorites yet: save one on the Counter tab."))
    await profile.stop()
  }
}
