import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// A feature's outputs reach its host directly (`onOutput`), through the `outputs` stream, or
/// both; none is lost before either is attached.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct OutputRouteTests {
  @Test func theHandlerHearsAnOutputBeforeSendReturns() async {
    let feature = TallyFeature.start()
    var heard: [TallyOutput] = []
    feature.onOutput { heard.append($0) }

    await feature.send(.add(2))
    await feature.send(.ping)

    // No task or stream in between: the ping's answer was heard inside the send.
    #expect(heard == [.pong(2)])
    await feature.stop()
    #expect(heard == [.pong(2), .saved(2)])
  }

  @Test func outputsEmittedBeforeAnyoneListensGoToTheFirstListener() async {
    let feature = TallyFeature.start()
    await feature.send(.ping)
    await feature.send(.add(1))
    await feature.send(.ping)
    #expect(feature.metrics.outputsEmitted == 2)

    var heard: [TallyOutput] = []
    feature.onOutput { heard.append($0) }
    #expect(heard == [.pong(0), .pong(1)])
    await feature.stop()
  }

  @Test func theStreamMadeLateStartsWithWhatWasWaitingAndFinishesAtTheStop() async {
    let feature = TallyFeature.start()
    await feature.send(.ping)
    await feature.stop()

    // Read after the stop: the waiting outputs, then the end.
    #expect(await collect(feature.outputs) == [.pong(0), .saved(0)])
  }

  @Test func theHandlerAndTheStreamEachGetEveryLaterOutput() async {
    let feature = TallyFeature.start()
    let outputs = feature.outputs
    var heard: [TallyOutput] = []
    feature.onOutput { heard.append($0) }

    await feature.send(.ping)
    await feature.stop()

    #expect(heard == [.pong(0), .saved(0)])
    #expect(await collect(outputs) == [.pong(0), .saved(0)])
  }

  @Test func aHandlerMaySendInputsToItsOwnFeature() async {
    let feature = TallyFeature.start()
    var heard: [TallyOutput] = []
    feature.onOutput { output in
      heard.append(output)
      // Inside the feature's reducer: queued, handled right after, never re-entrantly.
      if output == .pong(0) { feature.input.send(.add(5)) }
    }

    await feature.send(.ping)
    await feature.settle()
    await feature.send(.ping)

    #expect(heard == [.pong(0), .pong(5)])
    await feature.stop()
  }
}

/// A feature's own start work, when it ends by itself (a load): `settle()` and the stop wait
/// for it, and the inputs it held back are handled before the stop action.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct StartWorkTests {
  @Test func settleWaitsForTheLoadAndTheInputsItHeldBack() async {
    let gate = Gate()
    let loader = FeatureHandle.loader(gate: gate)
    var heard: [String] = []
    loader.onOutput { heard.append($0) }

    await loader.send(.record("early"))
    #expect(heard.isEmpty)

    gate.release()
    await loader.settle()
    #expect(heard == ["recorded early"])
    await loader.stop()
  }

  @Test func aStopDuringTheLoadRunsTheStopActionThenWaitsForTheLoad() async {
    let gate = Gate()
    let loader = FeatureHandle.loader(gate: gate)
    let (heard, hear) = AsyncStream.makeStream(of: String.self)
    loader.onOutput { hear.yield($0) }
    await loader.send(.record("early"))

    let stopping = Task { await loader.stop() }
    var outputs = heard.makeAsyncIterator()
    // The stop action ran while the load was still waiting on the gate...
    #expect(await outputs.next() == "stopped with 0 recorded")
    #expect(loader.isRunning)
    gate.release()
    await stopping.value
    // ...and the stop still let the load finish and hand the held input to the feature.
    #expect(await outputs.next() == "recorded early")
    #expect(!loader.isRunning)
  }
}
