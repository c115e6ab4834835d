import CounterFeature
import CounterTerminalView
import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import TerminalUI
import Testing

/// A tiny host for any counter, real or fake: it files every saved favorite away and resets the
/// count, the way a shell might after the user saves one.
@MainActor
final class FilingCounterHost {
  let counter: FeatureHandle<CounterInput, CounterOutput>
  /// Every output the counter reported, in order.
  private(set) var seen: [CounterOutput] = []
  /// The favorites filed away.
  private(set) var filed: [Int] = []
  private var relay: Task<Void, Never>?
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  init(counter: FeatureHandle<CounterInput, CounterOutput>) {
    self.counter = counter
    let outputs = counter.outputs
    relay = Task { [weak self] in
      for await output in outputs { await self?.handle(output) }
    }
  }

  private func handle(_ output: CounterOutput) async {
    if case .favoriteSaved(let number) = output {
      filed.append(number)
      await counter.send(.reset)
    }
    seen.append(output)
    let ready = waiters.filter { $0.count <= seen.count }
    waiters.removeAll { $0.count <= seen.count }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once the host has handled `count` outputs.
  func untilSeen(_ count: Int) async {
    guard seen.count < count else { return }
    await withCheckedContinuation { waiters.append((count, $0)) }
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
    let host = FilingCounterHost(counter: fake.start())

    await fake.emit(.countChanged(7))
    await fake.emit(.favoriteSaved(7))
    await host.untilSeen(3)
    #expect(fake.receivedInputs == [.reset])
    #expect(host.filed == [7])

    // Only a saved favorite makes the host act; other outputs do not reach the fake as inputs.
    await fake.emit(.favoriteRemoved(7))
    await fake.emit(.favoriteSaved(2))
    await host.untilSeen(6)
    #expect(fake.receivedInputs == [.reset, .reset])
    #expect(host.filed == [7, 2])
    #expect(
      host.seen == [
        .countChanged(7), .favoriteSaved(7), .countChanged(0), .favoriteRemoved(7),
        .favoriteSaved(2), .countChanged(0),
      ])
    await host.stop()
  }

  @Test func hostDoesTheSameWithTheRealCounter() async {
    let favorites = Shared<Set<Int>>(value: [])
    let host = FilingCounterHost(
      counter: CounterFeature.launcher.start(.init(count: 4, favorites: favorites)))
    #expect(await host.counter.send(.toggleFavorite))
    await host.untilSeen(2)
    #expect(host.seen == [.favoriteSaved(4), .countChanged(0)])
    #expect(host.filed == [4])
    await host.counter.settle()
    #expect(favorites.wrappedValue == [4])
    #expect(
      CounterFeature.terminalView(of: host.counter).render(width: 40, height: 10).contains(
        "    [-]   0   [+]"))
    await host.stop()
  }
}
