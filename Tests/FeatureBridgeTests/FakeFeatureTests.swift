import FeatureBridge
import FeatureBridgeTesting
import MultiStorePrimitives
import StoreKernel
import StoreKernelTesting
import Testing

/// A tiny host that knows the tally feature only through its boundary: it is given a way to
/// start one, so the same host runs against the real feature or a fake.
@MainActor
private final class Scoreboard {
  private let inputs: AsyncStream<TallyInput>.Continuation
  private let tally: FeatureHandle<TallyInput, TallyOutput>
  private var outputs: AsyncStream<TallyOutput>.AsyncIterator

  init(startTally: (AsyncStream<TallyInput>) -> FeatureHandle<TallyInput, TallyOutput>) {
    let (stream, inputs) = AsyncStream.makeStream(of: TallyInput.self)
    self.inputs = inputs
    self.tally = startTally(stream)
    self.outputs = tally.outputs.makeAsyncIterator()
  }

  func score(_ points: Int) {
    inputs.yield(.add(points))
  }

  func currentScore() async -> Int? {
    inputs.yield(.ping)
    var iterator = outputs
    let output = await iterator.next(isolation: #isolation)
    outputs = iterator
    guard case .pong(let total) = output else { return nil }
    return total
  }

  func close() async {
    inputs.finish()
    await tally.finish()
  }
}

/// A fake that behaves like the real tally for `.add` and `.ping`.
@MainActor
func matchingTallyFake(name: String = "TallyFake") -> FakeFeature<TallyInput, TallyOutput> {
  let total = LockedValue(0)
  return FakeFeature(name: name) { input in
    switch input {
    case .add(let amount):
      total.withLock { $0 += amount }
      return []
    case .ping:
      return [.pong(total.withLock { $0 })]
    default:
      return []
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct FakeFeatureTests {
  @Test func recordsEveryInputInOrder() async {
    let fake = FakeFeature<TallyInput, TallyOutput>()
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = fake.start(inputs: inputs)
    let sent: [TallyInput] = [.add(1), .setLabel("x"), .ping, .add(2)]

    for input in sent { send.yield(input) }

    #expect(await feature.untilDelivered(sent.count))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == sent.count)
    #expect(fake.receivedInputs == sent)
    await feature.stop()
  }

  @Test func emitsTheScriptedOutputsForEachInput() async {
    let fake = FakeFeature<TallyInput, TallyOutput> { input in
      input == .ping ? [.pong(42), .saved(42)] : []
    }
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = fake.start(inputs: inputs)

    for input in [TallyInput.add(1), .ping, .add(1), .ping] { send.yield(input) }

    #expect(await feature.untilDelivered(4))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 4)
    #expect(feature.metrics.outputsEmitted == 4)
    await feature.stop()
    #expect(await collect(feature.outputs) == [.pong(42), .saved(42), .pong(42), .saved(42)])
  }

  @Test func emitSendsAnOutputAtOnce() async {
    let fake = FakeFeature<TallyInput, TallyOutput>()
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = fake.start(inputs: inputs)

    await fake.emit(.saved(7))

    #expect(feature.metrics.outputsEmitted == 1)
    #expect(feature.metrics.inputsDelivered == 0)
    await feature.stop()
    await fake.emit(.saved(8))
    #expect(await collect(feature.outputs) == [.saved(7)])
  }

  @Test func runsBehindTheSameBoundaryAsARealFeature() async {
    let name = "FakeFeatureTests.boundary"
    let fake = FakeFeature<TallyInput, TallyOutput>(name: name)
    let stores = StoreRegistry()
    let features = FeatureRegistry()
    let feature = fake.start {
      $0.storeRegistry = stores
      $0.featureRegistry = features
    }

    #expect(feature.name == name)
    #expect(features.liveFeatureNames == [name])
    #expect(stores.liveStores.map(\.name) == [name])
    #expect(await feature.send(.add(1)))
    await feature.stop()
    #expect(features.liveFeatureNames.isEmpty)
    #expect(stores.liveStoreCount == 0)
    // The fake's start action (its loop for `emit`) and the input.
    #expect(stores.totals.actionsReceived == 2)
  }

  @Test func swappingTheFakeForTheRealFeatureIsOneLine() async {
    let real = Scoreboard(startTally: { TallyFeature.start(inputs: $0) })
    let fake = Scoreboard(startTally: { matchingTallyFake().start(inputs: $0) })

    for board in [real, fake] {
      board.score(3)
      board.score(4)
      #expect(await board.currentScore() == 7)
      board.score(1)
      #expect(await board.currentScore() == 8)
      await board.close()
    }
  }
}
