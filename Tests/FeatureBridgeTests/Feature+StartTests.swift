import FeatureBridge
import MultiStorePrimitives
import StoreKernel
import StoreKernelTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(10))) struct FeatureStartTests {
  @Test func inputsArriveInTheOrderTheyWereYielded() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let sent = (0..<2_000).map { TallyInput.mark(producer: 0, sequence: $0) }

    // Yield in bursts with suspensions between them, so delivery runs in several batches.
    for burst in stride(from: 0, to: sent.count, by: 250) {
      for input in sent[burst..<burst + 250] { send.yield(input) }
      await Task.yield()
    }

    #expect(await feature.untilDelivered(sent.count))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == sent.count)
    #expect(feature.tallyState?.received == sent)
    await feature.stop()
  }

  @Test func concurrentProducersDeliverEveryInputOnceInPerProducerOrder() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "FeatureStartTests", test: "concurrentProducersDeliverEveryInputOnceInPerProducerOrder"
    ) {
      return
    }
    let producers = 4
    let perProducer = 25_000
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)

    await withTaskGroup { group in
      for producer in 0..<producers {
        group.addTask {
          for sequence in 0..<perProducer {
            send.yield(.mark(producer: producer, sequence: sequence))
          }
        }
      }
    }

    #expect(await feature.untilDelivered(producers * perProducer))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == producers * perProducer)
    let received = feature.tallyState?.received ?? []
    #expect(received.count == producers * perProducer)
    var sequences = [[Int]](repeating: [], count: producers)
    for input in received {
      guard case .mark(let producer, let sequence) = input else {
        Issue.record("Unexpected input \(input)")
        continue
      }
      sequences[producer].append(sequence)
    }
    for (producer, sequence) in sequences.enumerated() {
      let outOfOrder = zip(sequence, sequence.dropFirst()).filter { previous, next in
        next != previous + 1
      }
      #expect(sequence.count == perProducer, "producer \(producer)")
      #expect(sequence.first == 0, "producer \(producer)")
      #expect(outOfOrder.isEmpty, "producer \(producer): \(outOfOrder.prefix(5))")
    }
    #expect(feature.metrics.storeEvents.actionsReceived == producers * perProducer)

    send.finish()
    await feature.finish()
    #expect(feature.metrics.inputsDelivered == producers * perProducer)
  }

  @Test func injectedDependenciesReachTheFeatureEffects() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let journal = TallyJournal()
    let clock = TestClock()
    let feature = TallyFeature.start(inputs: inputs, journal: journal, clock: clock)
    send.yield(.startTicking)
    #expect(await feature.untilDelivered(1))
    // The feature's effects run on the test clock's executor (it prefers one): an advance
    // first lets the ticker reach its sleep, and after each wake-up waits until the tick it
    // sent has been handled.
    await clock.advance()
    #expect(clock.sleeperCount == 1)

    for _ in 0..<3 { await clock.advance(by: .seconds(1)) }

    #expect(feature.tallyState?.ticks == 3)
    #expect(journal.entries == [.tickerStarted])
    await feature.stop()
  }

  @Test func theFeatureStoreIsRegisteredUnderTheFeatureName() async {
    let name = "FeatureStartTests.named"
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(name: name, inputs: inputs)
    #expect(feature.name == name)
    #expect(StoreRegistry.shared.liveStores.filter { $0.name == name }.count == 1)

    await feature.stop()

    #expect(!StoreRegistry.shared.liveStores.contains { $0.name == name })
  }

  @Test func inputsToOneFeatureDoNotWakeAnother() async {
    let (busyInputs, sendBusy) = AsyncStream.makeStream(of: TallyInput.self)
    let (quietInputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let busy = TallyFeature.start(name: "busy", inputs: busyInputs)
    let quiet = TallyFeature.start(name: "quiet", inputs: quietInputs)
    let quietBefore = quiet.metrics

    for _ in 0..<1_000 { sendBusy.yield(.add(1)) }

    #expect(await busy.untilDelivered(1_000))
    await busy.settle()
    #expect(busy.metrics.inputsDelivered == 1_000)
    #expect(quiet.metrics == quietBefore)
    #expect(quiet.metrics.storeEvents.total == 0)
    await busy.stop()
    await quiet.stop()
  }
}

/// The same boundary on a host actor that is not the main actor: the store lives on whatever
/// actor starts the feature.
@HostActor
@Suite(.timeLimit(.minutes(10))) struct FeatureStartOnAHostActorTests {
  @Test func everyActionRunsOnTheActorThatStartedTheFeature() async {
    let log = LockedValue<[(action: TallyAction, onHost: Bool)]>([])
    let clock = TestClock()
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(
      inputs: inputs, clock: clock,
      onReduce: { action in log.withLock { $0.append((action, HostActor.isCurrent)) } })

    send.yield(.add(1))
    send.yield(.ping)
    send.yield(.startTicking)
    #expect(await feature.untilDelivered(3))
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(feature.tallyState?.ticks == 1)
    feature.tallyViewStore.send(.incrementTapped)
    await feature.stop()

    let entries = log.withLock { $0 }
    // add, ping, its delegate, startTicking, the tick, the tap, the stop action and its output.
    #expect(entries.count == 8)
    let offHost = entries.filter { !$0.onHost }.map { "\($0.action)" }
    #expect(offHost == [])
  }

  @Test func routedOutputsReachTheParentStoreOnItsActor() async {
    let onHost = LockedValue<[Bool]>([])
    let parent = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Int> { pongs, total in
        onHost.withLock { $0.append(HostActor.isCurrent) }
        pongs.append(total)
        return .none
      })
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let routing = feature.route(into: parent) { output in
      guard case .pong(let total) = output else { return nil }
      return total
    }

    for input in [TallyInput.add(1), .ping, .add(2), .ping] { send.yield(input) }
    #expect(await feature.untilDelivered(4))
    await feature.settle()
    #expect(feature.metrics.outputsEmitted == 2)
    await feature.stop()
    await routing.value

    #expect(parent.state == [1, 3])
    #expect(onHost.withLock { $0 } == [true, true])
  }
}
