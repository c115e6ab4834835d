import FeatureBridge
import StoreKernel
import Testing

/// `SharedValue`, seed 002's streaming shared value, is the kernel's `Shared` under its old
/// name: these check the streaming pattern through a feature.
@Suite(.timeLimit(.minutes(1))) struct SharedValueTests {
  @Test func cancellingTheConsumingTaskRemovesTheSubscription() async {
    let shared = SharedValue(0)
    let consumer = Task {
      var last = -1
      for await value in shared.values() { last = value }
      return last
    }
    #expect(await yieldUntil { shared.subscriberCount == 1 })
    shared.set(1)

    consumer.cancel()
    _ = await consumer.value

    #expect(shared.subscriberCount == 0)
    shared.set(2)
    #expect(shared.subscriberCount == 0)
  }

  @MainActor
  @Test func aFeatureEffectFollowsTheValueUntilTheFeatureStops() async {
    let shared = SharedValue(1)
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs, shared: shared)
    send.yield(.followShared)
    #expect(await yieldUntil { feature.tallyState?.sharedValue == 1 })
    #expect(shared.subscriberCount == 1)

    shared.set(5)
    #expect(await yieldUntil { feature.tallyState?.sharedValue == 5 })
    await feature.stop()

    // Stopping cancels the effect, and with it the subscription.
    #expect(await yieldUntil { shared.subscriberCount == 0 })
  }
}
