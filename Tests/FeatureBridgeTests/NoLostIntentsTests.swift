import FeatureBridge
import MultiStorePrimitives
import StoreKernel
import StoreKernelTesting
import Testing

/// How many inputs the reducer has seen, with signals for whoever waits on a count: a producer
/// on another thread paces itself by it, and the host learns when `threshold` have been seen.
///
/// `Sendable`: the count and the waiters are behind a lock.
final class DeliveredCount: Sendable {
  private struct State {
    var value = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedValue(State())
  private let threshold: Int

  init(threshold: Int) {
    self.threshold = threshold
  }

  /// How many inputs the reducer has seen.
  var value: Int { state.withLock { $0.value } }

  /// Called by the reducer for every input.
  func increment() {
    let reached = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.value += 1
      guard state.waiters.contains(where: { $0.count <= state.value }) else { return [] }
      let value = state.value
      defer { state.waiters.removeAll { $0.count <= value } }
      return state.waiters.filter { $0.count <= value }.map(\.continuation)
    }
    for continuation in reached { continuation.resume() }
  }

  /// Returns once the reducer has seen at least `count` inputs (at once if it has).
  func until(atLeast count: Int) async {
    await withCheckedContinuation { continuation in
      let reached = state.withLock { state in
        if state.value >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if reached { continuation.resume() }
    }
  }

  /// Returns once `threshold` inputs have been seen.
  func untilThreshold() async {
    await until(atLeast: threshold)
  }
}

/// One intent: which producer sent it, and its place in that producer's sequence.
struct SequencedIntent: Sendable, Equatable {
  var producer: Int
  var sequence: Int
}

/// What the feature's store saw, counted in its reducer and reported when it stops.
struct IntentLedger: Equatable, Sendable {
  /// The sequence number expected next from each producer.
  var expected: [Int]
  var received = 0
  var outOfOrder = 0
  var firstOutOfOrder: SequencedIntent?

  init(producers: Int) {
    expected = Array(repeating: 0, count: producers)
  }
}

enum IntentLedgerAction: BoundaryAction {
  case input(SequencedIntent)
  case view(Never)
  case report
  case delegate(IntentLedger)

  var output: IntentLedger? {
    if case .delegate(let ledger) = self { return ledger }
    return nil
  }

  static var willStop: IntentLedgerAction? { .report }
}

struct IntentLedgerReducer: Reducer {
  /// Told of every input, if set.
  var delivered: DeliveredCount?

  func reduce(
    into ledger: inout IntentLedger, action: IntentLedgerAction
  ) -> Effect<
    IntentLedgerAction
  > {
    switch action {
    case .input(let intent):
      delivered?.increment()
      ledger.received += 1
      if intent.sequence != ledger.expected[intent.producer] {
        ledger.outOfOrder += 1
        if ledger.firstOutOfOrder == nil { ledger.firstOutOfOrder = intent }
      }
      ledger.expected[intent.producer] = intent.sequence + 1
      return .none
    case .report:
      return .send(.delegate(ledger))
    case .delegate:
      return .none
    }
  }
}

/// A million intents from four concurrent producers, through one input continuation or through
/// the feature's `InputSender`, each reach the feature's store exactly once and in the order its
/// producer sent them.
///
/// The producers run concurrently off the host's actor. The feature lives on the main actor:
/// tests elsewhere read process-wide store counts in one synchronous main-actor stretch, which
/// a million actions on another actor would disturb.
@MainActor
@Suite struct NoLostIntentsTests {
  @Test func aMillionIntentsFromFourProducersArriveExactlyOnceInProducerOrder() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "NoLostIntentsTests",
      test: "aMillionIntentsFromFourProducersArriveExactlyOnceInProducerOrder")
    {
      return
    }
    let producers = 4
    let perProducer = 250_000
    let (inputs, continuation) = AsyncStream.makeStream(of: SequencedIntent.self)
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: "NoLostIntents", initialState: IntentLedger(producers: producers),
        reducer: IntentLedgerReducer())
    }.start(inputs: inputs)

    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<producers {
        group.addTask {
          for sequence in 0..<perProducer {
            continuation.yield(SequencedIntent(producer: producer, sequence: sequence))
          }
        }
      }
    }
    continuation.finish()
    await feature.finish()

    try await expectEveryIntentExactlyOnce(feature, producers: producers, perProducer: perProducer)
  }

  /// A producer on another thread keeps sending while the host stops the feature: every input
  /// the sender took reaches the reducer before the stop action, and every later one is
  /// refused. None is taken and then lost.
  @Test func inputsSentWhileTheFeatureStopsAreDeliveredOrRefusedNeverLost() async throws {
    let (inputs, continuation) = AsyncStream.makeStream(of: SequencedIntent.self)
    let delivered = DeliveredCount(threshold: 10_000)
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: "StopWhileSending", initialState: IntentLedger(producers: 1),
        reducer: IntentLedgerReducer(delivered: delivered))
    }.start(inputs: inputs)
    let sender = feature.input
    // The producer stays at most 1,000 inputs ahead of the reducer, so the backlog stays small
    // however slow the host is (other tests share the main actor).

    let producer = Task.detached {
      var sequence = 0
      while sender.send(SequencedIntent(producer: 0, sequence: sequence)) {
        sequence += 1
        // Every input the sender took is delivered, even once the feature stops, so the count
        // always reaches what this waits for.
        if sequence - delivered.value > 1_000 { await delivered.until(atLeast: sequence - 1_000) }
      }
      return sequence
    }
    // Stop while the producer is in full flow.
    await delivered.untilThreshold()
    await feature.stop()
    let accepted = await producer.value
    continuation.finish()

    let ledger = try await finalLedger(of: feature)
    #expect(accepted >= 10_000)
    #expect(ledger.received == accepted)
    #expect(ledger.outOfOrder == 0)
    #expect(feature.metrics.inputsDelivered == accepted)
  }

  /// The same million through the feature's `InputSender` instead of its input stream: four
  /// threads putting into one mailbox while the host takes batches out.
  @Test func aMillionIntentsSentDirectlyFromFourProducersArriveExactlyOnceInOrder() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "NoLostIntentsTests",
      test: "aMillionIntentsSentDirectlyFromFourProducersArriveExactlyOnceInOrder")
    {
      return
    }
    let producers = 4
    let perProducer = 250_000
    let (inputs, continuation) = AsyncStream.makeStream(of: SequencedIntent.self)
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: "NoLostIntentsDirect", initialState: IntentLedger(producers: producers),
        reducer: IntentLedgerReducer())
    }.start(inputs: inputs)
    let sender = feature.input

    let refused = await withTaskGroup(of: Int.self) { group in
      for producer in 0..<producers {
        group.addTask {
          var refused = 0
          for sequence in 0..<perProducer
          where !sender.send(SequencedIntent(producer: producer, sequence: sequence)) {
            refused += 1
          }
          return refused
        }
      }
      var total = 0
      for await count in group { total += count }
      return total
    }
    continuation.finish()
    await feature.finish()

    #expect(refused == 0)
    try await expectEveryIntentExactlyOnce(feature, producers: producers, perProducer: perProducer)
  }

  /// The one ledger a stopped feature reports.
  private func finalLedger(
    of feature: FeatureHandle<SequencedIntent, IntentLedger>
  ) async throws -> IntentLedger {
    var reports: [IntentLedger] = []
    for await report in feature.outputs { reports.append(report) }
    #expect(reports.count == 1)
    return try #require(reports.first)
  }

  /// Every producer's intents reached the store once each, in the order it sent them.
  private func expectEveryIntentExactlyOnce(
    _ feature: FeatureHandle<SequencedIntent, IntentLedger>, producers: Int, perProducer: Int
  ) async throws {
    let ledger = try await finalLedger(of: feature)
    #expect(ledger.received == producers * perProducer)
    #expect(ledger.expected == Array(repeating: perProducer, count: producers))
    #expect(
      ledger.outOfOrder == 0, "first out of order: \(String(describing: ledger.firstOutOfOrder))")
    #expect(feature.metrics.inputsDelivered == producers * perProducer)
  }
}
