import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

// A view store's `send` takes the feature's `ViewAction`, not its `Action`, so view code cannot
// even express an internal or delegate action: `viewStore.send(.internal(.ticked))` and
// `viewStore.send(.delegate(.saved(1)))` do not compile. These tests check the behaviour of what
// can be sent; the compiler checks the rest.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ViewStoreTests {
  @Test func aViewActionIsOneActionInTheFeatureStoreAndNotAnInput() async throws {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let actions = ActionLog()
    let feature = TallyFeature.start(inputs: inputs, onReduce: actions.record)
    let viewStore = try #require(feature.tallyView?.viewStore)

    viewStore.send(.incrementTapped)

    #expect(viewStore.state?.total == 1)
    #expect(actions.all == [.view(.incrementTapped)])
    #expect(feature.metrics.storeEvents.actionsReceived == 1)
    #expect(feature.metrics.inputsDelivered == 0)
    #expect(feature.metrics.outputsEmitted == 0)
    await feature.stop()
  }

  @Test func aViewActionCanLeadToAnOutputThroughAnEffect() async throws {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let journal = TallyJournal()
    let feature = TallyFeature.start(inputs: inputs, journal: journal)
    let viewStore = try #require(feature.tallyView?.viewStore)

    viewStore.send(contentsOf: [.incrementTapped, .incrementTapped, .saveTapped])

    #expect(await yieldUntil { feature.metrics.outputsEmitted == 1 })
    await feature.stop()
    #expect(await collect(feature.outputs) == [.saved(2), .saved(2)])
    #expect(journal.entries == [.saved(2), .flushed(2)])
  }

  @Test func observingGivesTheCurrentValueThenEachChange() async throws {
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let viewStore = try #require(feature.tallyView?.viewStore)
    var seen: [Int] = []

    let token = viewStore.observe(\.total) { seen.append($0) }
    viewStore.send(.incrementTapped)
    send.yield(.add(5))
    #expect(await yieldUntil { seen.count == 3 })
    send.yield(.setLabel("unrelated"))
    #expect(await yieldUntil { feature.metrics.inputsDelivered == 2 })

    #expect(seen == [0, 1, 6])
    #expect(token != nil)
    await feature.stop()
  }

  @Test func aBatchOfViewActionsNotifiesObserversOnce() async throws {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let viewStore = try #require(feature.tallyView?.viewStore)
    var seen: [Int] = []
    let token = viewStore.observe(\.total) { seen.append($0) }

    viewStore.send(contentsOf: [.incrementTapped, .incrementTapped, .incrementTapped])

    #expect(seen == [0, 3])
    #expect(feature.metrics.storeEvents.actionsReceived == 3)
    #expect(feature.metrics.storeEvents.notifications == 2)
    token?.cancel()
    await feature.stop()
  }

  @Test func afterStopStateIsNilAndSendsAreIgnored() async throws {
    let (inputs, _) = AsyncStream.makeStream(of: TallyInput.self)
    let actions = ActionLog()
    let feature = TallyFeature.start(inputs: inputs, onReduce: actions.record)
    let viewStore = try #require(feature.tallyView?.viewStore)
    viewStore.send(.incrementTapped)

    await feature.stop()
    let logged = actions.all
    let metrics = feature.metrics
    viewStore.send(.incrementTapped)
    viewStore.send(contentsOf: [.saveTapped, .incrementTapped])

    #expect(viewStore.state == nil)
    #expect(actions.all == logged)
    #expect(feature.metrics == metrics)
    #expect(viewStore.observe(\.total, onChange: { _ in }) == nil)
  }
}
