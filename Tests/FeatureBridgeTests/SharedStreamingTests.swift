import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// A `Shared` value handed to features through their `start` streams every holder's writes:
/// these check the streaming pattern through a feature.
@Suite(.timeLimit(.minutes(10))) struct SharedStreamingTests {
  @Test func cancellingTheConsumingTaskRemovesTheSubscription() async {
    let shared = Shared(value: 0)
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
    shared.withLock { $0 = 1 }
    #expect(await reports.next() == 1)

    consumer.cancel()
    #expect(await consumer.value == 1)

    #expect(shared.subscriberCount == 0)
    shared.withLock { $0 = 2 }
    #expect(shared.subscriberCount == 0)
  }

  @MainActor
  @Test func aFeatureEffectFollowsTheValueUntilTheFeatureStops() async {
    let shared = Shared(value: 1)
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

    shared.withLock { $0 = 5 }
    await clock.advance()
    #expect(feature.tallyState?.sharedValue == 5)
    await feature.stop()

    // Stopping cancels the effect, and with it the subscription.
    await clock.advance()
    #expect(shared.subscriberCount == 0)
  }
}
