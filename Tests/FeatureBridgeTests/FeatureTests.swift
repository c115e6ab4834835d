import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(10))) struct FeatureTests {
  // A host may let a feature go when it hears an output (removing it from a list on "closed").
  // The handler runs within the feature's action, while its reducer holds the state: the stop
  // waits until the action is done (it used to read the state there, and trapped).
  @Test func aFeatureLetGoByItsOwnOutputHandlerStopsAfterTheAction() async {
    let registry = StoreRegistry()
    let holder = FeatureHolder()
    holder.feature = TallyFeature.start(registry: registry)
    let sender = holder.feature!.input
    let outputs = holder.feature!.outputs
    var heard: [TallyOutput] = []
    holder.feature!.onOutput { output in
      heard.append(output)
      holder.feature = nil
    }

    #expect(sender.send(.ping))
    // The outputs stream finishes when the feature has stopped.
    for await _ in outputs {}

    #expect(heard == [.pong(0)])
    #expect(holder.feature == nil)
    #expect(registry.liveStoreCount == 0)
    #expect(!sender.send(.ping))
  }

  @Test func eachInputBecomesExactlyOneActionInTheFeatureStore() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    for _ in 0..<500 { send.yield(.add(1)) }

    #expect(await feature.untilDelivered(500))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 500)
    let metrics = feature.metrics
    #expect(metrics.inputsDelivered == 500)
    #expect(metrics.storeEvents.actionsReceived == 500)
    #expect(metrics.storeEvents.reducerRuns == 500)
    #expect(metrics.outputsEmitted == 0)
    #expect(feature.tallyState?.total == 500)
    await feature.stop()
  }

  @Test func eachDelegateActionBecomesExactlyOneOutput() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    for input in [TallyInput.add(2), .ping, .add(3), .ping, .ping] { send.yield(input) }

    #expect(await feature.untilDelivered(5))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 5)
    // Five inputs, plus the three delegate actions the pings sent.
    #expect(feature.metrics.storeEvents.actionsReceived == 8)
    #expect(feature.metrics.outputsEmitted == 3)

    await feature.stop()
    // The stop action's flush emits one more.
    #expect(feature.metrics.outputsEmitted == 4)
    #expect(await collect(feature.outputs) == [.pong(2), .pong(5), .pong(5), .saved(5)])
  }

  @Test func eventsPerInputMeasuresTheStoreWorkEachInputCaused() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    #expect(feature.metrics.eventsPerInput == 0)
    for _ in 0..<100 { send.yield(.add(1)) }

    #expect(await feature.untilDelivered(100))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 100)
    let metrics = feature.metrics
    // An `.add` is one action and one reducer run; nothing observes the store.
    #expect(metrics.storeEvents.total == 200)
    #expect(metrics.eventsPerInput == 2)
    #expect(
      metrics.eventsPerInput == Double(metrics.storeEvents.total) / Double(metrics.inputsDelivered))
    await feature.stop()
  }

  @Test func stopFinishesTheOutputsStream() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    send.yield(.ping)
    #expect(await feature.untilDelivered(1))
    await feature.settle()
    #expect(feature.metrics.outputsEmitted == 1)
    #expect(feature.isRunning)

    await feature.stop()

    #expect(!feature.isRunning)
    // `collect` returns only because the stream finished.
    #expect(await collect(feature.outputs) == [.pong(0), .saved(0)])
  }

  @Test func stopTerminatesTheInputStream() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    send.yield(.add(1))
    #expect(await feature.untilDelivered(1))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 1)

    await feature.stop()

    let result = send.yield(.add(1))
    guard case .terminated = result else {
      Issue.record("Expected the input stream to be terminated after stop, got \(result).")
      return
    }
  }

  @Test func stopCancelsRunningEffects() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let journal = TallyJournal()
    let clock = TestClock()
    let feature = TallyFeature.start(inputs: inputs, journal: journal, clock: clock)
    send.yield(.startTicking)
    #expect(await feature.untilDelivered(1))
    // The ticker runs on the test clock's executor: an advance lets it reach its sleep first.
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(feature.tallyState?.ticks == 1)
    #expect(feature.metrics.storeEvents.effectsStarted == 1)

    await feature.stop()

    // The stop cancelled the ticker's sleep; the ticker then records its cancellation on the
    // clock's executor, which an advance waits for.
    await clock.advance()
    #expect(journal.entries == [.tickerStarted, .flushed(0), .tickerCancelled])
    #expect(clock.sleeperCount == 0)
    // Effect actions are not inputs: one input was delivered, the tick was its effect's.
    #expect(feature.metrics.inputsDelivered == 1)
  }

  @Test func stopRunsTheStopActionAndAwaitsItsEffects() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let journal = TallyJournal()
    let feature = TallyFeature.start(inputs: inputs, journal: journal)
    send.yield(.add(7))
    #expect(await feature.untilDelivered(1))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 1)

    await feature.stop()

    // The flush suspends before it records; had stop not awaited it, it would be cancelled.
    #expect(journal.entries == [.flushed(7)])
    let events = feature.metrics.storeEvents
    // The input, the stop action, and the delegate action its effect sent.
    #expect(events.actionsReceived == 3)
    #expect(events.effectsStarted == 1)
    #expect(events.effectsFinished == 1)
    #expect(events.effectsCancelled == 0)
    #expect(await collect(feature.outputs) == [.saved(7)])
  }

  @Test func stoppingTwiceRunsTheStopActionOnce() async {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let journal = TallyJournal()
    let feature = TallyFeature.start(inputs: inputs, journal: journal)

    await feature.stop()
    await feature.stop()
    await feature.finish()

    #expect(journal.entries == [.flushed(0)])
    #expect(await collect(feature.outputs) == [.saved(0)])
  }

  @Test func finishDeliversEveryInputYieldedBeforeTheHostFinishedTheStream() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let journal = TallyJournal()
    let feature = TallyFeature.start(inputs: inputs, journal: journal)
    for _ in 0..<5_000 { send.yield(.add(1)) }
    send.finish()

    await feature.finish()

    #expect(feature.metrics.inputsDelivered == 5_000)
    // The stop action saw every input's effect on the state.
    #expect(journal.entries == [.flushed(5_000)])
    #expect(!feature.isRunning)
  }

  @Test func releasingTheHandleStopsTheFeatureWithoutItsStopAction() async throws {
    let name = "FeatureTests.released"
    let journal = TallyJournal()
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let (terminated, terminate) = AsyncStream.makeStream(of: Void.self)
    send.onTermination = { _ in terminate.finish() }
    var feature: FeatureHandle<TallyInput, TallyOutput>? = TallyFeature.start(
      name: name, inputs: inputs, journal: journal)
    let outputs = try #require(feature?.outputs)
    #expect(FeatureRegistry.shared.liveFeatureNames.contains(name))
    #expect(StoreRegistry.shared.liveStores.contains { $0.name == name })

    feature = nil

    #expect(!FeatureRegistry.shared.liveFeatureNames.contains(name))
    #expect(!StoreRegistry.shared.liveStores.contains { $0.name == name })
    #expect(await collect(outputs) == [])
    // Release cannot await, so the stop action does not run: hosts should call `stop()`.
    #expect(journal.entries == [])
    // The pump ends on its own thread, so the stream ends soon after, not at once: its
    // termination handler says when.
    for await _ in terminated {}
    guard case .terminated = send.yield(.ping) else {
      Issue.record("the input stream still takes inputs after the feature was released")
      return
    }
  }

}
