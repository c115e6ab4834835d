import StoreKernel
import StoreKernelTesting
import Testing

private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var steps: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case startChain
    case step(Int)
    case sleep
    case wokeUp
  }

  let clock: TestClock
  let cancellations: Recorder<String>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .startChain:
      return .run { send in await send(.step(1)) }
    case .step(let step):
      state.steps.append(step)
      guard step < 3 else { return .none }
      return .run { send in await send(.step(step + 1)) }
    case .sleep:
      return .run { [clock, cancellations] send in
        do {
          try await clock.sleep(for: .seconds(60))
          await send(.wokeUp)
        } catch {
          cancellations.record("sleep cancelled")
        }
      }
    case .wokeUp:
      state.count = -1
      return .none
    }
  }
}

/// Sends actions into a store from inside that store's reducer, as a dependency might.
private struct SideChannel: Sendable {
  var send: @Sendable (Reentrant.Action) -> Void
}

private enum SideChannelKey: DependencyKey {
  static let liveValue = SideChannel { _ in }
  static let testValue = SideChannel { _ in }
}

extension DependencyValues {
  fileprivate var sideChannel: SideChannel {
    get { self[SideChannelKey.self] }
    set { self[SideChannelKey.self] = newValue }
  }
}

private struct Reentrant: Reducer {
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case outer
    case inner(Int)
    case innerWithEffect
    case innerEffectDone
  }

  @Dependency(\.sideChannel) var sideChannel

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .outer:
      state.log.append("outer begins")
      sideChannel.send(.inner(1))
      sideChannel.send(.innerWithEffect)
      sideChannel.send(.inner(2))
      state.log.append("outer ends")
      return .none
    case .inner(let number):
      state.log.append("inner \(number)")
      return .none
    case .innerWithEffect:
      state.log.append("inner with effect")
      return .run { send in await send(.innerEffectDone) }
    case .innerEffectDone:
      state.log.append("inner effect done")
      return .none
    }
  }
}

private actor Host {
  func runCounter(clock: TestClock) async -> (count: Int, steps: [Int], onHost: Bool) {
    let store = Store(
      initialState: Counter.State(),
      reducer: Counter(clock: clock, cancellations: Recorder()))
    store.send(.increment)
    store.send(.startChain)
    await store.finishEffects()
    return (store.count, store.steps, store.isolation === self)
  }
}

@MainActor
@Suite struct StoreTests {
  let clock = TestClock()
  let cancellations = Recorder<String>()

  private func makeStore() -> Store<Counter.State, Counter.Action> {
    Store(
      initialState: Counter.State(), reducer: Counter(clock: clock, cancellations: cancellations)
    ) { $0.effectExecutor = clock.effectExecutor }
  }

  @Test func sendRunsTheReducerAndUpdatesState() {
    let store = makeStore()
    store.send(.increment)
    store.send(.increment)
    #expect(store.state == Counter.State(count: 2))
  }

  @Test func dynamicMemberLookupReadsTheState() {
    let store = makeStore()
    store.send(.increment)
    #expect(store.count == 1)
    #expect(store.steps == [])
  }

  @Test func sendWithoutEffectsReturnsAnEmptyTask() {
    let store = makeStore()
    #expect(store.send(.increment).isEmpty)
    let task = store.send(.sleep)
    #expect(!task.isEmpty)
    task.cancelWithoutWaiting()
  }

  @Test func sendContentsOfReturnsTheEffectsOfEveryActionInTheBatch() async {
    let cancellations = Recorder<String>()
    let store = Store(
      initialState: Counter.State(),
      reducer: Counter(clock: clock, cancellations: cancellations))
    #expect(store.send(contentsOf: [.increment, .increment]).isEmpty)

    let task = store.send(contentsOf: [.increment, .sleep, .sleep])
    #expect(!task.isEmpty)
    #expect(store.runningEffectCount == 2)
    await task.cancel()
    await task.finish()

    #expect(store.runningEffectCount == 0)
    #expect(cancellations.values == ["sleep cancelled", "sleep cancelled"])
  }

  @Test func storeIsConfinedToTheActorItWasCreatedOn() {
    let store = makeStore()
    #expect(store.isolation === MainActor.shared)
  }

  @Test func storeOnItsOwnActorHandlesEffectActionsThere() async {
    let host = Host()
    let result = await host.runCounter(clock: clock)
    #expect(result.count == 1)
    #expect(result.steps == [1, 2, 3])
    #expect(result.onHost)
  }

  @Test func nameDefaultsToTheStateTypeAndCanBeGiven() {
    let unnamed = Store(initialState: 0, reducer: Reduce<Int, Bool> { _, _ in .none })
    let named = Store(
      initialState: 0, reducer: Reduce<Int, Bool> { _, _ in .none }, name: "Counter")
    #expect(unnamed.name == "Int")
    #expect(named.name == "Counter")
    #expect(named.snapshot == StoreSnapshot(name: "Counter", events: StoreEvents()))
  }

  @Test func actionsSentWhileTheReducerRunsAreQueuedAndHandledInOrder() async {
    let holder = StoreHolder<Reentrant.State, Reentrant.Action>()
    let store = Store(initialState: Reentrant.State(), reducer: Reentrant()) {
      $0.sideChannel = SideChannel { action in
        MainActor.assumeIsolated { holder.send(action) }
      }
    }
    holder.store = store

    store.send(.outer)

    #expect(
      store.log == [
        "outer begins", "outer ends", "inner 1", "inner with effect", "inner 2",
      ])
    #expect(store.events.actionsReceived == 4)
    #expect(store.events.reducerRuns == 4)
    // A send queued while the store handles another action shares that action's handle.
    #expect(holder.tasks.map(\.isEmpty) == [true, false, false])

    await holder.tasks[1].finish()
    #expect(store.log.last == "inner effect done")
  }

  @Test func observersSeeQueuedActionsOnlyOnceTheQueueIsDrained() {
    let holder = StoreHolder<Reentrant.State, Reentrant.Action>()
    let store = Store(initialState: Reentrant.State(), reducer: Reentrant()) {
      $0.sideChannel = SideChannel { action in
        MainActor.assumeIsolated { holder.send(action) }
      }
    }
    holder.store = store
    var seen: [Int] = []
    let token = store.observe({ $0.log.count }) { seen.append($0) }

    store.send(.outer)

    #expect(seen == [0, 5])
    token.cancel()
    holder.tasks.forEach { $0.cancelWithoutWaiting() }
  }

  @Test func sendContentsOfHandlesEveryActionInOrderAndNotifiesOnce() async {
    let store = makeStore()
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }

    store.send(contentsOf: [.increment, .increment, .startChain, .increment])
    await store.finishEffects()

    #expect(seen == [0, 3])
    #expect(store.steps == [1, 2, 3])
    #expect(store.events.actionsReceived == 7)
    #expect(store.events.reducerRuns == 7)
    // The batch is one observer pass; each of the chain's three steps is another.
    #expect(store.events.stateDerivations == 5)
    token.cancel()
  }

  @Test func sendContentsOfWhileTheReducerRunsQueuesTheActions() {
    let holder = StoreHolder<Reentrant.State, Reentrant.Action>()
    let store = Store(initialState: Reentrant.State(), reducer: Reentrant()) {
      $0.sideChannel = SideChannel { action in
        MainActor.assumeIsolated { _ = holder.store?.send(contentsOf: [action, .inner(3)]) }
      }
    }
    holder.store = store

    store.send(.outer)

    #expect(
      store.log == [
        "outer begins", "outer ends", "inner 1", "inner 3", "inner with effect", "inner 3",
        "inner 2", "inner 3",
      ])
    store.cancelRunningEffects()
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    var store: Store<Counter.State, Counter.Action>? = makeStore()
    store?.send(.sleep)
    await clock.advance()
    #expect(cancellations.values.isEmpty)

    store = nil

    await clock.advance()
    #expect(cancellations.values == ["sleep cancelled"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func runningEffectCountFollowsEffectsAsTheyStartAndEnd() async {
    let store = makeStore()
    #expect(store.runningEffectCount == 0)

    let first = store.send(.sleep)
    let second = store.send(.sleep)
    #expect(store.runningEffectCount == 2)

    await first.cancel()
    #expect(await completes { await first.finish() })
    #expect(store.runningEffectCount == 1)

    await second.cancel()
    #expect(await completes { await second.finish() })
    #expect(store.runningEffectCount == 0)
    #expect(store.events.effectsCancelled == 2)
  }

  @Test func finishEffectsWaitsForEffectsStartedMeanwhile() async {
    let store = makeStore()
    store.send(.startChain)

    await store.finishEffects()

    #expect(store.steps == [1, 2, 3])
    #expect(store.runningEffectCount == 0)
    #expect(store.events.effectsStarted == 3)
    #expect(store.events.effectsFinished == 3)
  }

  @Test func cancelRunningEffectsCancelsEveryEffect() async {
    let store = makeStore()
    store.send(.sleep)
    store.send(.sleep)
    await clock.advance()

    store.cancelRunningEffects()
    await clock.advance()
    #expect(store.runningEffectCount == 0)

    #expect(cancellations.values == ["sleep cancelled", "sleep cancelled"])
    #expect(store.count == 0)
    #expect(store.events.effectsCancelled == 2)
  }
}
