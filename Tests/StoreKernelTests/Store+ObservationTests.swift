import StoreKernel
import StoreKernelTesting
import Testing

private struct Profile: Reducer {
  struct State: Equatable {
    var count = 0
    var name = ""
  }

  enum Action: Equatable, Sendable {
    case increment
    case rename(String)
    case incrementTwice
    case noop
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .rename(let name):
      state.name = name
      return .none
    case .incrementTwice:
      state.count += 1
      return .send(.increment)
    case .noop:
      return .none
    }
  }
}

private enum Parent {
  struct State: Equatable {
    var profile = Profile.State()
  }

  enum Action: Equatable, Sendable {
    case profile(Profile.Action)
  }

  static var reducer: Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .profile(let action):
        return Profile().reduce(into: &state.profile, action: action).map(Action.profile)
      }
    }
  }
}

/// Reads a stream one element at a time; `nil` once it has finished.
@MainActor
private final class Reader<Value: Sendable> {
  private var iterator: AsyncStream<Value>.AsyncIterator

  init(_ values: AsyncStream<Value>) {
    iterator = values.makeAsyncIterator()
  }

  func next() async -> Value? {
    var iterator = iterator
    let value = await iterator.next(isolation: #isolation)
    self.iterator = iterator
    return value
  }
}

@MainActor
@Suite struct StoreObservationTests {
  private let store: Store<Profile.State, Profile.Action>

  init() {
    store = Store(initialState: Profile.State(), reducer: Profile())
  }

  @Test func observingDeliversTheCurrentValueAtOnce() {
    store.send(.increment)
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }
    #expect(seen == [1])
    #expect(!token.isCancelled)
  }

  @Test func callbackRunsOnlyWhenTheObservedValueChanges() {
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }

    store.send(.rename("Ada"))
    store.send(.increment)
    store.send(.noop)
    store.send(.increment)

    #expect(seen == [0, 1, 2])
    #expect(store.events.stateDerivations == 5)
    #expect(store.events.notifications == 3)
    #expect(!token.isCancelled)
  }

  @Test func projectionIsComparedNotTheState() {
    var seen: [Bool] = []
    let token = store.observe({ $0.count.isMultiple(of: 2) }) { seen.append($0) }

    for _ in 0..<3 { store.send(.increment) }
    store.send(.rename("no parity change"))

    #expect(seen == [true, false, true, false])
    #expect(!token.isCancelled)
  }

  @Test func actionsFedBackBySendEffectsAreSeenOnceAsOneChange() {
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }

    store.send(.incrementTwice)

    #expect(seen == [0, 2])
    #expect(!token.isCancelled)
  }

  @Test func cancellingTheTokenStopsTheCallbacks() {
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }
    store.send(.increment)

    token.cancel()
    token.cancel()
    store.send(.increment)
    store.send(.increment)

    #expect(token.isCancelled)
    #expect(seen == [0, 1])
    #expect(store.events.stateDerivations == 2)
  }

  @Test func aTokenCanBeCancelledFromAnotherThread() async {
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }

    await Task.detached { token.cancel() }.value
    store.send(.increment)

    #expect(token.isCancelled)
    #expect(seen == [0])
  }

  @Test func releasingTheTokenStopsTheCallbacks() {
    var seen: [Int] = []
    var token: ObservationToken? = store.observe(\.count) { seen.append($0) }
    store.send(.increment)
    #expect(token != nil)

    token = nil
    store.send(.increment)

    #expect(seen == [0, 1])
    #expect(store.events.stateDerivations == 2)
  }

  @Test func eachObservationKeepsItsOwnLastValue() {
    var counts: [Int] = []
    var names: [String] = []
    let countToken = store.observe(\.count) { counts.append($0) }
    let nameToken = store.observe(\.name) { names.append($0) }

    store.send(.increment)
    store.send(.rename("Grace"))

    #expect(counts == [0, 1])
    #expect(names == ["", "Grace"])
    #expect(store.events.notifications == 4)
    countToken.cancel()
    nameToken.cancel()
  }

  @Test func scopedStoreObservesThroughItsParent() {
    let parent = Store(initialState: Parent.State(), reducer: Parent.reducer)
    let child = parent.scope(state: { $0.profile }, action: Parent.Action.profile)
    var seen: [Int] = []
    let token = child.observe(\.count) { seen.append($0) }
    // Registering reads the child's state (one scope derivation) and projects it (one more).
    #expect(child.events.stateDerivations == 2)

    parent.send(.profile(.increment))
    child.send(.rename("Linus"))

    #expect(seen == [0, 1])
    // Each batch derives the child's state and then projects it: two per batch.
    #expect(child.events.stateDerivations == 6)
    #expect(child.events.notifications == 2)
    #expect(parent.events.stateDerivations == 0)

    token.cancel()
    parent.send(.profile(.increment))
    #expect(seen == [0, 1])
    #expect(child.events.stateDerivations == 6)
  }

  @Test func valuesYieldsTheCurrentValueThenChanges() async {
    store.send(.increment)
    let values = Reader(store.values { $0.count })
    #expect(await values.next() == 1)

    store.send(.rename("unrelated"))
    store.send(.increment)

    #expect(await values.next() == 2)
  }

  @Test func valuesKeepsOnlyTheNewestValueForASlowConsumer() async {
    // The consumer reads only after these sends: it gets the newest value, not each one.
    let values = Reader(store.values { $0.count })
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)

    #expect(await values.next() == 3)
  }

  @Test func valuesFinishesWhenTheStoreIsReleased() async {
    var store: Store<Profile.State, Profile.Action>? = Store(
      initialState: Profile.State(), reducer: Profile())
    let values = Reader(store!.values { $0.count })
    #expect(await values.next() == 0)

    store = nil

    #expect(await values.next() == nil)
  }

  @Test func valuesOfAScopedStoreFinishesWhenEveryStoreIsReleased() async {
    var parent: Store<Parent.State, Parent.Action>? = Store(
      initialState: Parent.State(), reducer: Parent.reducer)
    var child = parent?.scope(state: { $0.profile }, action: Parent.Action.profile)
    let values = Reader(child!.values { $0.name })
    #expect(await values.next() == "")

    parent = nil
    child?.send(.rename("kept alive by the child"))
    #expect(await values.next() == "kept alive by the child")

    child = nil
    #expect(await values.next() == nil)
  }

  @Test func droppingTheStreamEndsTheObservation() {
    var values: AsyncStream<Int>? = store.values { $0.count }
    #expect(values != nil)
    #expect(store.events.stateDerivations == 1)

    values = nil
    store.send(.increment)

    #expect(store.events.stateDerivations == 1)
    #expect(store.events.notifications == 1)
  }

  /// A host that observes per render on a store nobody sends to (an idle feature): released
  /// observations are dropped as new ones come, so they never pile up (they were dropped only
  /// by the next send, which then walked every one of them).
  @Test func observationsDroppedOnAnIdleStoreDoNotPileUp() {
    for _ in 0..<20_000 {
      let token = store.observe(\.count) { _ in }
      token.cancel()
    }
    #expect((store.observerCount ?? .max) <= 32)
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }
    store.send(.increment)
    #expect(seen == [0, 1])
    token.cancel()
  }
}
