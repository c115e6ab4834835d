import FeatureBridge
import FeatureBridgeTesting
import MultiStorePrimitives
import Observation
import StoreKernel
import StoreKernelTesting
import Testing

// A view store's `send` takes the feature's `ViewAction`, not its `Action`, so view code cannot
// even express an internal or delegate action: `viewStore.send(.internal(.ticked))` and
// `viewStore.send(.delegate(.saved(1)))` do not compile. These tests check the behaviour of what
// can be sent and observed; the compiler checks the rest.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct ViewStoreTests {
  /// Whether Observation reported a change; set from `onChange`, which may run on any thread.
  final class ChangeFlag: Sendable {
    private let count = LockedValue(0)
    var changes: Int { count.withLock { $0 } }
    @Sendable func changed() { count.withLock { $0 += 1 } }
  }

  @Test func aViewActionIsOneActionInTheFeatureStoreAndNotAnInput() async {
    let actions = ActionLog()
    let feature = TallyFeature.start(onReduce: actions.record)
    let viewStore = feature.tallyViewStore

    viewStore.send(.incrementTapped)

    #expect(viewStore.total == 1)
    #expect(actions.all == [.view(.incrementTapped)])
    #expect(feature.metrics.storeEvents.actionsReceived == 1)
    #expect(feature.metrics.inputsDelivered == 0)
    #expect(feature.metrics.outputsEmitted == 0)
    await feature.stop()
  }

  @Test func aViewActionCanLeadToAnOutputThroughAnEffect() async {
    let journal = TallyJournal()
    let feature = TallyFeature.start(journal: journal)
    let viewStore = feature.tallyViewStore

    let log = OutputLog(feature.outputs)

    viewStore.send(contentsOf: [.incrementTapped, .incrementTapped, .saveTapped])

    #expect(await log.waitFor(count: 1))
    #expect(feature.metrics.outputsEmitted == 1)
    await feature.stop()
    await log.untilFinished()
    #expect(log.outputs == [.saved(2), .saved(2)])
    #expect(journal.entries == [.saved(2), .flushed(2)])
  }

  @Test func observationReportsAChangeOnlyToWhatTheViewRead() async {
    let feature = TallyFeature.start()
    let viewStore = feature.tallyViewStore
    let flag = ChangeFlag()
    let total = withObservationTracking {
      viewStore.total
    } onChange: {
      flag.changed()
    }
    #expect(total == 0)

    // The label changes, but the view read only the total: no change reported.
    #expect(await feature.send(.setLabel("unrelated")))
    #expect(flag.changes == 0)
    #expect(viewStore.peek(\.label) == "unrelated")

    #expect(await feature.send(.add(5)))
    #expect(flag.changes == 1)
    #expect(viewStore.total == 5)
    await feature.stop()
  }

  // The view store tells Observation about a property only when it was read since it last did
  // (tracking is one-shot), so every reader must still hear each change it tracked.
  @Test func everyTrackingThatReadAPropertyHearsItsNextChange() async {
    let feature = TallyFeature.start()
    let viewStore = feature.tallyViewStore
    let first = ChangeFlag()
    let second = ChangeFlag()
    _ = withObservationTracking {
      viewStore.total
    } onChange: {
      first.changed()
    }
    _ = withObservationTracking {
      viewStore.total
    } onChange: {
      second.changed()
    }

    #expect(await feature.send(.add(1)))
    #expect(first.changes == 1)
    #expect(second.changes == 1)

    // Changes nobody tracks any more (the view has not drawn again).
    #expect(await feature.send(.add(1)))
    #expect(await feature.send(.add(1)))

    // The view draws again: it reads, and hears the next change.
    let third = ChangeFlag()
    #expect(
      withObservationTracking {
        viewStore.total
      } onChange: {
        third.changed()
      } == 3)
    #expect(await feature.send(.add(1)))
    #expect(third.changes == 1)
    #expect(first.changes == 1)
    #expect(second.changes == 1)

    // A read outside any tracking and a tracking that starts later still hear the change.
    _ = viewStore.total
    #expect(await feature.send(.add(1)))
    let fourth = ChangeFlag()
    _ = withObservationTracking {
      viewStore.total
    } onChange: {
      fourth.changed()
    }
    #expect(await feature.send(.add(1)))
    #expect(fourth.changes == 1)
    #expect(third.changes == 1)
    await feature.stop()
  }

  @Test func aBatchOfViewActionsIsOneNotification() async {
    let feature = TallyFeature.start()
    let viewStore = feature.tallyViewStore
    let flag = ChangeFlag()
    _ = withObservationTracking {
      viewStore.total
    } onChange: {
      flag.changed()
    }
    let before = feature.metrics.storeEvents

    viewStore.send(contentsOf: [.incrementTapped, .incrementTapped, .incrementTapped])

    let events = feature.metrics.storeEvents.subtracting(before)
    #expect(viewStore.total == 3)
    #expect(flag.changes == 1)
    #expect(events.actionsReceived == 3)
    #expect(events.notifications == 1)
    await feature.stop()
  }

  @Test func aHeadlessFeatureDerivesNoViewState() async {
    let feature = TallyFeature.start()
    for amount in 1...10 { #expect(await feature.send(.add(amount))) }
    #expect(feature.metrics.storeEvents.stateDerivations == 0)
    #expect(feature.metrics.storeEvents.notifications == 0)
    await feature.stop()
  }

  @Test func afterStopReadsGiveTheLastStateAndSendsAreIgnored() async {
    let actions = ActionLog()
    let feature = TallyFeature.start(onReduce: actions.record)
    let viewStore = feature.tallyViewStore
    viewStore.send(.incrementTapped)
    #expect(viewStore.isFeatureRunning)

    await feature.stop()
    let logged = actions.all
    let metrics = feature.metrics
    viewStore.send(.incrementTapped)
    viewStore.send(contentsOf: [.saveTapped, .incrementTapped])

    #expect(!viewStore.isFeatureRunning)
    #expect(viewStore.total == 1)
    #expect(feature.tallyViewStore.total == 1)
    #expect(actions.all == logged)
    #expect(feature.metrics == metrics)
  }

  // A send can lead to the feature's stop within it (here a view's observer lets the feature
  // go when the total changes, and the feature stops as it is released): the view store keeps
  // the store until the send has returned, then lets it go.
  @Test func aFeatureStoppedWithinAViewStoresSendEndsItAfterTheSend() async {
    let registry = StoreRegistry()
    let holder = FeatureHolder()
    holder.feature = TallyFeature.start(registry: registry)
    let viewStore = holder.feature!.tallyViewStore
    _ = withObservationTracking {
      viewStore.total
    } onChange: {
      MainActor.assumeIsolated { holder.feature = nil }
    }

    viewStore.send(.incrementTapped)

    #expect(holder.feature == nil)
    #expect(!viewStore.isFeatureRunning)
    #expect(registry.liveStoreCount == 0)
    #expect(viewStore.total == 1)
    viewStore.send(.incrementTapped)
    #expect(viewStore.total == 1)
  }

  /// Holds a view store for a test that lets it go from its own observer.
  @MainActor final class ViewStoreHolder {
    var viewStore: ViewStore<TallyState, TallyAction.ViewAction>?
  }

  // The store lends a view store to each pass without a retain; a view's observer that lets the
  // view store go during the pass (a view torn down on a change) must not leave the pass using
  // it afterwards. ASan (scripts/sanitizers.sh) would report such a use.
  @Test func aViewStoreLetGoByItsObserverDuringAPassGoesAfterThePass() async {
    let feature = TallyFeature.start()
    let holder = ViewStoreHolder()
    holder.viewStore = feature.tallyViewStore
    weak let released = holder.viewStore
    _ = withObservationTracking {
      holder.viewStore?.total
    } onChange: {
      MainActor.assumeIsolated { holder.viewStore = nil }
    }

    #expect(await feature.send(.add(2)))

    #expect(holder.viewStore == nil)
    #expect(released == nil)
    #expect(await feature.send(.add(3)))
    await feature.stop()
  }

  // A view store holds its store strongly while the feature runs; the stop lets the store go
  // even while views that outlive the feature still show its last state.
  @Test func aViewStoreThatOutlivesItsFeatureDoesNotKeepTheStore() async {
    let registry = StoreRegistry()
    let feature = TallyFeature.start(registry: registry)
    let first = feature.tallyViewStore
    let second = feature.tallyViewStore
    first.send(.incrementTapped)
    #expect(registry.liveStoreCount == 1)

    await feature.stop()

    #expect(registry.liveStoreCount == 0)
    #expect(first.total == 1)
    #expect(second.total == 1)
    #expect(!second.isFeatureRunning)
  }
}
