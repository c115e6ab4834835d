import CounterFeature
import CounterTerminalView
import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import TerminalUI
import Testing

/// The counter as a host sees it: inputs in, outputs out, and its terminal view to render and
/// type into.
@MainActor
@Suite struct CounterFeatureTests {
  @Test func inputsGoInAndOutputsComeOut() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(count: 2, favorites: favorites))
    let log = OutputLog(counter.outputs)

    #expect(await counter.send(.setCount(5)))
    #expect(await counter.send(.reset))
    #expect(await counter.send(.increment))
    #expect(await counter.send(.toggleFavorite))
    await counter.settle()
    #expect(await log.waitFor(count: 4))
    #expect(
      log.outputs == [.countChanged(5), .countChanged(0), .countChanged(1), .favoriteSaved(1)])
    #expect(counter.metrics.inputsDelivered == 4)
    #expect(favorites.wrappedValue == [1])

    await counter.stop()
    await log.untilFinished()
    #expect(!counter.isRunning)
    #expect(await counter.send(.increment) == false)
  }

  @Test func viewRendersTheCountAndHandlesKeys() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(count: 7, favorites: favorites))
    let view = CounterFeature.terminalView(of: counter)
    let log = OutputLog(counter.outputs)

    #expect(view.render(width: 40, height: 10).contains("    [-]   7   [+]"))
    #expect(view.handle([.character("+")]) == 1)
    #expect(view.render(width: 40, height: 10).contains("    [-]   8   [+]"))

    // Tab is not the counter's: it stops there so the host can handle it.
    #expect(view.handle([.character("-"), .tab, .character("+")]) == 1)
    #expect(view.handle([.character("s")]) == 1)
    let lines = view.render(width: 40, height: 10)
    #expect(lines.contains("    ★ 7 is a favorite (s to remove)"))
    #expect(lines.contains("    Favorites: 7"))

    await counter.settle()
    #expect(await log.waitFor(count: 3))
    #expect(log.outputs == [.countChanged(8), .countChanged(7), .favoriteSaved(7)])
    #expect(favorites.wrappedValue == [7])
    await counter.stop()
  }

  @Test func renderRespectsTheSizeItIsGiven() async {
    let favorites = Shared<Set<Int>>(value: Set(1...40))
    let counter = CounterFeature.launcher.start(.init(count: 123_456, favorites: favorites))
    let view = CounterFeature.terminalView(of: counter)
    for width in 0...30 {
      for height in 0...7 {
        let lines = view.render(width: width, height: height)
        #expect(lines.count <= height)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width })
      }
    }
    await counter.stop()
  }

  @Test func favoritesSavedElsewhereShowUpInTheView() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(count: 3, favorites: favorites))
    let view = CounterFeature.terminalView(of: counter)
    favorites.withLock { $0 = [3, 11] }
    let lines = await observed({ view.render(width: 60, height: 10) }) {
      $0.contains("    Favorites: 3, 11")
    }
    #expect(lines.contains("    ★ 3 is a favorite (s to remove)"))
    await counter.stop()
  }

  @Test func stoppingEndsTheFavoritesSubscription() async {
    let favorites = Shared<Set<Int>>(value: [])
    let counter = CounterFeature.launcher.start(.init(favorites: favorites))
    let view = CounterFeature.terminalView(of: counter)
    favorites.withLock { $0 = [1] }
    // The subscription is running once the view shows what it delivered.
    _ = await observed({ view.render(width: 40, height: 10) }) { $0.contains("    Favorites: 1") }
    #expect(favorites.subscriberCount == 1)
    await counter.stop()
    #expect(favorites.subscriberCount == 0)
    // A stopped feature's view shows its last state.
    #expect(view.render(width: 40, height: 10).contains("    Favorites: 1"))
  }
}
