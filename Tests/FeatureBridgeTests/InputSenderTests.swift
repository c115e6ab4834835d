import FeatureBridge
import MultiStorePrimitives
import Observation
import StoreKernel
import Testing

/// `FeatureHandle.input`, the direct line into a feature's mailbox: same delivery, order and
/// coalescing as the input stream, refused once the feature stops.
///
/// The host is the main actor. `send` is synchronous and the delivery hop needs the host, so
/// everything sent before the test first suspends waits in the mailbox together: the outcomes
/// below are exact, not timing-dependent.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct InputSenderTests {
  @Test func inputsSentDirectlyArriveInOrderAsOneBatch() async {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let viewStore = feature.tallyViewStore
    let changes = LockedValue(0)
    _ = withObservationTracking {
      viewStore.total
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    let before = feature.metrics.storeEvents
    let sent = (1...100).map { TallyInput.add($0) }

    for input in sent { #expect(feature.input.send(input)) }

    #expect(await feature.untilDelivered(sent.count))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == sent.count)
    #expect(feature.tallyState?.received == sent)
    #expect(feature.metrics.storeEvents.actionsReceived - before.actionsReceived == sent.count)
    // One hop for the whole burst: one notification, and the view sees the final total.
    #expect(changes.withLock { $0 } == 1)
    #expect(feature.metrics.storeEvents.notifications - before.notifications == 1)
    #expect(viewStore.total == 5_050)
    await feature.stop()
  }

  @Test func aBatchSendKeepsItsOrder() async {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let sent: [TallyInput] = [.add(1), .mark(producer: 0, sequence: 0), .add(2), .ping]

    #expect(feature.input.send(contentsOf: sent))

    #expect(await feature.untilDelivered(sent.count))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == sent.count)
    #expect(feature.tallyState?.received == sent)
    await feature.stop()
  }

  @Test func waitingProjectionsSentDirectlyCoalesce() async {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)

    feature.input.send(contentsOf: [.setLevel(1), .add(1), .setLevel(2)])
    feature.input.send(.add(2))
    feature.input.send(.setLevel(3))
    feature.input.send(.setLabel("a"))

    #expect(await feature.untilDelivered(4))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 4)
    #expect(feature.tallyState?.received == [.add(1), .add(2), .setLevel(3), .setLabel("a")])
    await feature.stop()
  }

  @Test func theStreamAndTheSenderFeedTheSameFeature() async {
    let (inputs, stream) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let fromStream = (0..<500).map { TallyInput.mark(producer: 0, sequence: $0) }
    let fromSender = (0..<500).map { TallyInput.mark(producer: 1, sequence: $0) }

    for (streamed, sent) in zip(fromStream, fromSender) {
      stream.yield(streamed)
      feature.input.send(sent)
    }

    #expect(await feature.untilDelivered(1_000))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 1_000)
    let received = feature.tallyState?.received ?? []
    #expect(received.count == 1_000)
    // Each source keeps its own order; how the two interleave is up to the pump.
    #expect(received.filter { fromStream.contains($0) } == fromStream)
    #expect(received.filter { fromSender.contains($0) } == fromSender)
    await feature.stop()
  }

  @Test func inputsSentBeforeStopAreDeliveredBeforeTheStopAction() async {
    let journal = TallyJournal()
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs, journal: journal)

    for _ in 0..<10 { feature.input.send(.add(1)) }
    await feature.stop()

    // The stop action flushed the total of all ten: none was left in the mailbox.
    #expect(journal.entries.contains(.flushed(10)))
    #expect(feature.metrics.inputsDelivered == 10)
  }

  @Test func aStoppedFeatureRefusesInputs() async {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let sender = feature.input
    await feature.stop()

    #expect(sender.send(.add(1)) == false)
    #expect(sender.send(contentsOf: [.add(1), .add(2)]) == false)
  }

  @Test func aReleasedFeatureRefusesInputsFromSendersThatOutliveIt() async throws {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    var feature: FeatureHandle<TallyInput, TallyOutput>? = TallyFeature.start(
      name: "ReleasedWhileASenderLives", inputs: inputs)
    let sender = try #require(feature?.input)
    #expect(sender.send(.add(1)))

    feature = nil

    #expect(sender.send(.add(1)) == false)
    #expect(!FeatureRegistry.shared.liveFeatureNames.contains("ReleasedWhileASenderLives"))
  }

}
