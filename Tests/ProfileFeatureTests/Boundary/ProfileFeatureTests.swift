import FeatureBridge
import FeatureBridgeTesting
import ProfileFeature
import ProfileTerminalView
import StoreKernel
import TerminalUI
import Testing

/// The profile as a host sees it: inputs in, outputs out, and its terminal view to render and
/// type into.
@MainActor
@Suite struct ProfileFeatureTests {
  @Test func viewListsTheFavoritesSortedWithTheSelectionMarked() async {
    let profile = ProfileFeature.launcher.start(Shared(value: [30, 4, 12]))
    let view = ProfileFeature.terminalView(of: profile)
    #expect(
      view.render(width: 40, height: 10) == [
        "", "    Favorites (3)", "", "  ▸ 4", "    12", "    30",
      ])
    #expect(view.handle([.down, .character("j"), .down]) == 3)
    #expect(view.render(width: 40, height: 10).suffix(3) == ["    4", "    12", "  ▸ 30"])
    #expect(view.handle([.up, .character("q"), .up]) == 1)
    #expect(view.render(width: 40, height: 10).suffix(3) == ["    4", "  ▸ 12", "    30"])
    await profile.stop()
  }

  @Test func selectInputAndRemovalReachTheHost() async {
    let favorites = Shared<Set<Int>>(value: [1, 2, 3])
    let profile = ProfileFeature.launcher.start(favorites)
    let view = ProfileFeature.terminalView(of: profile)
    let log = OutputLog(profile.outputs)

    #expect(await profile.send(.select(3)))
    #expect(view.render(width: 40, height: 10).last == "  ▸ 3")
    #expect(view.handle([.character("d")]) == 1)
    await profile.settle()
    #expect(await log.waitFor(count: 2))
    #expect(log.outputs == [.favoriteCountChanged(2), .favoriteRemoved(3)])
    #expect(favorites.wrappedValue == [1, 2])
    #expect(view.render(width: 40, height: 10).suffix(2) == ["    1", "  ▸ 2"])

    #expect(await profile.send(.remove(1)))
    await profile.settle()
    #expect(favorites.wrappedValue == [2])
    await profile.stop()
  }

  @Test func renderRespectsTheSizeItIsGiven() async {
    let favorites = Shared<Set<Int>>(value: Set(stride(from: -50_000, to: 50_000, by: 997)))
    let profile = ProfileFeature.launcher.start(favorites)
    let view = ProfileFeature.terminalView(of: profile)
    view.handle(Array(repeating: .down, count: 40))
    for width in 0...30 {
      for height in 0...12 {
        let lines = view.render(width: width, height: height)
        #expect(lines.count <= height)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width })
      }
    }
    // A tall enough view scrolls so the selected favorite stays in sight.
    #expect(view.render(width: 30, height: 8).contains { $0.hasPrefix("  ▸ ") })
    await profile.stop()
  }

  @Test func emptyProfileSaysHowToAddOne() async {
    let profile = ProfileFeature.launcher.start(Shared(value: []))
    #expect(
      ProfileFeature.terminalView(of: profile).render(width: 60, height: 10).contains(
        "    No favorites yet: save one on the Counter tab."))
    await profile.stop()
  }

  @Test func aHeadlessProfileBuildsNoViewAndStillServesItsInputs() async {
    let favorites = Shared<Set<Int>>(value: [5, 6])
    let profile = ProfileFeature.launcher.start(favorites)
    let log = OutputLog(profile.outputs)
    #expect(await profile.send(.remove(5)))
    await profile.settle()
    #expect(await log.waitFor(count: 2))
    #expect(log.outputs == [.favoriteCountChanged(1), .favoriteRemoved(5)])
    #expect(profile.metrics.storeEvents.notifications == 0)
    await profile.stop()
  }
}
