import FeatureBridge
import Testing

/// Coalescing happens only while inputs wait for the host actor. These tests hold the host (the
/// main actor) blocked, without suspending, until the boundary's pump has taken every input
/// from the stream, so the whole sequence is waiting at once and the outcome is exact.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct InputDeliveryTests {
  /// Yields `sent`, then a final marker, and keeps the main actor blocked until the pump has taken
  /// the marker, so everything before it is waiting in the mailbox together. Returns what the
  /// feature's store received, without the marker.
  private func deliverWhileTheHostIsBusy(
    _ sent: [TallyInput],
    delivery: @escaping @Sendable (TallyInput) -> InputDelivery = TallyFeature.delivery
  ) async -> [TallyInput] {
    let marker = TallyInput.mark(producer: -1, sequence: -1)
    let counter = DeliveryCounter()
    // The reducer's spy says when the marker arrives (the test resumes after that action).
    let (markerHandled, handled) = AsyncStream.makeStream(of: Void.self)
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(
      inputs: inputs, delivery: counter.counting(delivery),
      onReduce: { action in if action == .input(marker) { handled.finish() } })
    for input in sent { send.yield(input) }
    send.yield(marker)
    // The pump asks the policy about the marker only after every earlier input is in the
    // mailbox; the delivery hop cannot run while this actor is blocked.
    #expect(counter.blockUntil(taken: sent.count + 1))

    for await _ in markerHandled {}
    let received = feature.tallyState?.received ?? []
    await feature.stop()
    #expect(received.last == marker)
    return received.last == marker ? Array(received.dropLast()) : received
  }

  @Test func waitingProjectionsCoalesceAndIntentsAreNeverDropped() async {
    var sent: [TallyInput] = []
    for value in 1...1_000 {
      sent.append(.setLevel(value))
      sent.append(.add(1))
    }

    let received = await deliverWhileTheHostIsBusy(sent)

    let intents = received.filter { if case .add = $0 { true } else { false } }
    let projections = received.filter { if case .setLevel = $0 { true } else { false } }
    #expect(intents.count == 1_000)
    #expect(projections.count == 1)
    #expect(projections.first == .setLevel(1_000))
    // The newest projection kept its own place in the order: after the 999th intent.
    #expect(received.firstIndex(of: .setLevel(1_000)) == 999)
    #expect(received.count == 1_001)
  }

  @Test func aCoalescedProjectionTakesTheNewerOnesPlace() async {
    let received = await deliverWhileTheHostIsBusy([
      .setLevel(1), .add(1), .setLevel(2), .add(2),
    ])

    #expect(received == [.add(1), .setLevel(2), .add(2)])
  }

  @Test func projectionsWithDifferentKeysDoNotReplaceEachOther() async {
    let received = await deliverWhileTheHostIsBusy([
      .setLevel(1), .setLabel("a"), .setLevel(2), .setLabel("b"), .setLevel(3),
    ])

    #expect(received == [.setLabel("b"), .setLevel(3)])
  }

  @Test func intentsAreNeverCoalescedEvenWhenTheyWait() async {
    let sent = (1...1_000).map { TallyInput.setLevel($0) }

    let received = await deliverWhileTheHostIsBusy(sent, delivery: { _ in .intent })

    #expect(received == sent)
  }

  @Test func aDeliveredProjectionIsNeverReplaced() async {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)

    send.yield(.setLevel(1))
    #expect(await feature.untilDelivered(1))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 1)
    send.yield(.setLevel(2))
    #expect(await feature.untilDelivered(2))
    await feature.settle()
    #expect(feature.metrics.inputsDelivered == 2)

    #expect(feature.tallyState?.received == [.setLevel(1), .setLevel(2)])
    #expect(feature.tallyState?.level == 2)
    await feature.stop()
  }
}
