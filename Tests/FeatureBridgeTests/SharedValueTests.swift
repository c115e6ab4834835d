import FeatureBridge
import StoreKernelTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct SharedValueTests {
  @Test func aSubscriberGetsTheCurrentValueFirstThenEveryChange() async {
    let shared = SharedValue(10)
    let values = shared.values()

    shared.set(11)
    shared.update { $0 += 1 }
    shared.set(12)

    var seen: [Int] = []
    for await value in values {
      seen.append(value)
      if seen.count == 4 { break }
    }
    #expect(seen == [10, 11, 12, 12])
    #expect(shared.value == 12)
  }

  @Test func updateReturnsWhatTheChangeReturns() {
    let shared = SharedValue<[String]>([])

    let count = shared.update { names in
      names.append("a")
      return names.count
    }

    #expect(count == 1)
    #expect(shared.value == ["a"])
  }

  @Test func concurrentWritersNeverLoseAnUpdateAndSubscribersSeeEveryValueInOrder() async {
    let writers = 8
    let updatesPerWriter = 10_000
    let total = writers * updatesPerWriter
    let shared = SharedValue(0)
    let values = shared.values()

    await withTaskGroup { group in
      for _ in 0..<writers {
        group.addTask {
          for _ in 0..<updatesPerWriter { shared.update { $0 += 1 } }
        }
      }
    }

    #expect(shared.value == total)
    // Every update published once, so the subscription holds exactly the initial value plus
    // one value per update.
    var seen: [Int] = []
    seen.reserveCapacity(total + 1)
    for await value in values {
      seen.append(value)
      if seen.count == total + 1 { break }
    }
    #expect(seen.first == 0)
    #expect(seen.last == total)
    // Each value is one more than the one before: increasing, none missing, none repeated.
    let outOfStep = zip(seen, seen.dropFirst()).filter { previous, next in next != previous + 1 }
    #expect(outOfStep.isEmpty, "\(outOfStep.prefix(5))")
  }

  @Test func cancellingTheConsumingTaskRemovesTheSubscription() async {
    let shared = SharedValue(0)
    // The consumer reports each value it gets; the first (the current value) says it has
    // subscribed.
    let (seen, report) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task {
      var last = -1
      for await value in shared.values() {
        last = value
        report.yield(value)
      }
      return last
    }
    var reports = seen.makeAsyncIterator()
    #expect(await reports.next() == 0)
    #expect(shared.subscriberCount == 1)
    shared.set(1)
    #expect(await reports.next() == 1)

    consumer.cancel()
    #expect(await consumer.value == 1)

    #expect(shared.subscriberCount == 0)
    shared.set(2)
    #expect(shared.subscriberCount == 0)
  }

  @Test func droppingAnUnfinishedStreamRemovesTheSubscription() async {
    let shared = SharedValue(0)
    do {
      let values = shared.values()
      #expect(shared.subscriberCount == 1)
      for await value in values where value == 0 { break }
    }

    #expect(shared.subscriberCount == 0)
  }

  @MainActor
  @Test func aFeatureEffectFollowsTheValueUntilTheFeatureStops() async {
    let shared = SharedValue(1)
    let clock = TestClock()
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs, shared: shared, clock: clock)
    send.yield(.followShared)
    #expect(await feature.untilDelivered(1))
    // The effect runs on the test clock's executor: an advance waits until it has done all it
    // can (subscribed, and sent the current value back to the store).
    await clock.advance()
    #expect(feature.tallyState?.sharedValue == 1)
    #expect(shared.subscriberCount == 1)

    shared.set(5)
    await clock.advance()
    #expect(feature.tallyState?.sharedValue == 5)
    await feature.stop()

    // Stopping cancels the effect, and with it the subscription.
    await clock.advance()
    #expect(shared.subscriberCount == 0)
  }
}
