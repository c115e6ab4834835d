import CounterFeature
import FeatureBridge
import StoreKernelTesting
import Testing

/// A tiny host for any counter, real or fake: it files every saved favorite away and resets the
/// count, the way a shell might after the user saves one.
@MainActor
final class FilingCounterHost {
  let counter: Feature<CounterInput, CounterOutput>
  /// Every output the counter reported, in order.
  private(set) var seen: [CounterOutput] = []
  /// The favorites filed away.
  private(set) var filed: [Int] = []
  private let inputs: AsyncStream<CounterInput>.Continuation
  private var relay: Task<Void, Never>?

  init(start: (AsyncStream<CounterInput>) -> Feature<CounterInput, CounterOutput>) {
    let (stream, continuation) = AsyncStream.makeStream(of: CounterInput.self)
    inputs = continuation
    counter = start(stream)
    let outputs = counter.outputs
    relay = Task { [weak self] in
      for await output in outputs {
        self?.seen.append(output)
        guard case .favoriteSaved(let number) = output else { continue }
        self?.filed.append(number)
        self?.inputs.yield(.reset)
      }
    }
  }

  func stop() async {
    await counter.stop()
    await relay?.value
  }
}

@MainActor
@Suite struct CounterHostTests {
  @Test func hostResetsAFakeCounterAfterItSavesAFavorite() async {
    let fake = FakeFeature<CounterInput, CounterOutput>(name: "FakeCounter") { input in
      input == .reset ? [.countChanged(0)] : []
    }
    let host = FilingCounterHost { fake.start(inputs: $0) }

    fake.emit(.countChanged(7))
    fake.emit(.favoriteSaved(7))
    #expect(await eventually { fake.receivedInputs == [.reset] })
    #expect(host.filed == [7])

    // Only a saved favorite makes the host act; other outputs do not reach the fake as inputs.
    fake.emit(.favoriteRemoved(7))
    fake.emit(.favoriteSaved(2))
    #expect(await eventually { fake.receivedInputs.count == 2 })
    #expect(fake.receivedInputs == [.reset, .reset])
    #expect(host.filed == [7, 2])
    #expect(await eventually { host.seen.count == 6 })
    #expect(
      host.seen == [
        .countChanged(7), .favoriteSaved(7), .countChanged(0), .favoriteRemoved(7),
        .favoriteSaved(2), .countChanged(0),
      ])
    await host.stop()
  }

  @Test func hostDoesTheSameWithTheRealCounter() async {
    let favorites = SharedValue<Set<Int>>([])
    let host = FilingCounterHost {
      CounterFeature.start(count: 4, inputs: $0, favorites: favorites)
    }
    #expect(host.counter.view.handle([.character("s")]) == 1)
    #expect(
      await eventually {
        host.counter.view.render(width: 40, height: 10).contains("    [-]   0   [+]")
      })
    #expect(await eventually { host.seen.count == 2 })
    #expect(host.seen == [.favoriteSaved(4), .countChanged(0)])
    #expect(host.filed == [4])
    #expect(await eventually { favorites.value == [4] })
    await host.stop()
  }
}
