import CounterFeature
import FeatureBridge
import StoreKernelTesting
import Testing

/// The counter as a host sees it: inputs in, outputs out, a view to render and type into.
@MainActor
@Suite struct CounterFeatureTests {
  @Test func inputsGoInAndOutputsComeOut() async {
    let favorites = SharedValue<Set<Int>>([])
    let (inputs, continuation) = AsyncStream.makeStream(of: CounterInput.self)
    let counter = CounterFeature.start(count: 2, inputs: inputs, favorites: favorites)
    let log = OutputLog(counter.outputs)

    continuation.yield(.setCount(5))
    continuation.yield(.reset)
    #expect(await log.waitFor(count: 2))
    #expect(log.outputs == [.countChanged(5), .countChanged(0)])
    #expect(counter.metrics.inputsDelivered == 2)

    await counter.stop()
    #expect(await eventually { log.finished })
    #expect(!counter.isRunning)
  }

  @Test func viewRendersTheCountAndHandlesKeys() async {
    let favorites = SharedValue<Set<Int>>([])
    let (inputs, _) = AsyncStream.makeStream(of: CounterInput.self)
    let counter = CounterFeature.start(count: 7, inputs: inputs, favorites: favorites)
    let log = OutputLog(counter.outputs)

    #expect(counter.view.render(width: 40, height: 10).contains("    [-]   7   [+]"))
    let generation = counter.view.renderGeneration
    #expect(counter.view.handle([.character("+")]) == 1)
    #expect(counter.view.renderGeneration > generation)
    #expect(counter.view.render(width: 40, height: 10).contains("    [-]   8   [+]"))

    // Tab is not the counter's: it stops there so the host can handle it.
    #expect(counter.view.handle([.character("-"), .tab, .character("+")]) == 1)
    #expect(counter.view.handle([.character("s")]) == 1)
    let lines = counter.view.render(width: 40, height: 10)
    #expect(lines.contains("    ★ 7 is a favorite (s to remove)"))
    #expect(lines.contains("    Favorites: 7"))

    #expect(await log.waitFor(count: 3))
    #expect(log.outputs == [.countChanged(8), .countChanged(7), .favoriteSaved(7)])
    #expect(await eventually { favorites.value == [7] })
    await counter.stop()
  }

  @Test func renderRespectsTheSizeItIsGiven() async {
    let favorites = SharedValue<Set<Int>>(Set(1...40))
    let (inputs, _) = AsyncStream.makeStream(of: CounterInput.self)
    let counter = CounterFeature.start(count: 123_456, inputs: inputs, favorites: favorites)
    for width in 0...30 {
      for height in 0...7 {
        let lines = counter.view.render(width: width, height: height)
        #expect(lines.count <= height)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width })
      }
    }
    await counter.stop()
  }

  @Test func favoritesSavedElsewhereShowUpInTheView() async {
    let favorites = SharedValue<Set<Int>>([])
    let (inputs, _) = AsyncStream.makeStream(of: CounterInput.self)
    let counter = CounterFeature.start(count: 3, inputs: inputs, favorites: favorites)
    favorites.set([3, 11])
    #expect(
      await eventually {
        counter.view.render(width: 60, height: 10).contains("    Favorites: 3, 11")
      })
    #expect(
      counter.view.render(width: 60, height: 10).contains("    ★ 3 is a favorite (s to remove)"))
    await counter.stop()
  }

  @Test func stoppingEndsTheFavoritesSubscription() async {
    let favorites = SharedValue<Set<Int>>([])
    let (inputs, _) = AsyncStream.makeStream(of: CounterInput.self)
    let counter = CounterFeature.start(inputs: inputs, favorites: favorites)
    #expect(await eventually { favorites.subscriberCount == 1 })
    await counter.stop()
    #expect(await eventually { favorites.subscriberCount == 0 })
    #expect(counter.view.render(width: 40, height: 10).isEmpty)
  }
}
