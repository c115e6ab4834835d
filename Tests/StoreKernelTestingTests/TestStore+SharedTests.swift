import MultiStorePrimitives
import StoreKernel
import StoreKernelTesting
import Testing

/// A feature holding a shared count, changed by its reducer and by an effect.
private struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var log: [String] = []
  }

  enum Action: Equatable {
    case increment
    case incrementLater
    case incremented
    case touchOther
    case touchOtherLater
    case incrementSilently
  }

  let other: Shared<Int>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.$count.withLock { $0 += 1 }
      return .none
    case .incrementLater:
      let count = state.$count
      return .run { send in
        count.withLock { $0 += 1 }
        await send(.incremented)
      }
    case .incremented:
      state.log.append("incremented")
      return .none
    case .touchOther:
      other.withLock { $0 += 1 }
      return .none
    case .touchOtherLater:
      let other = other
      return .run { _ in other.withLock { $0 += 1 } }
    case .incrementSilently:
      let count = state.$count
      return .run { _ in count.withLock { $0 += 1 } }
    }
  }
}

/// A feature holding the count kept in memory under "count", as a TCA user writes it.
private struct KeyedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }

  enum Action: Equatable {
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .set(let count):
      state.$count.withLock { $0 = count }
      return .none
    }
  }
}

/// A feature whose shared changes are made while handling actions its effects send: one sent
/// at once (`.send`), and ticks of a timer on the injected clock.
private struct LoadedCounter: Reducer {
  struct State: Equatable {
    @Shared var count: Int
  }

  enum Action: Equatable {
    case loaded
    case increment
    case startTicking
    case tick
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loaded:
      return .send(.increment)
    case .increment, .tick:
      state.$count.withLock { $0 += 1 }
      return .none
    case .startTicking:
      let clock = clock
      return .run { send in
        for _ in 0..<2 {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    }
  }
}

/// Every keyed value a case of `keyedValuesNeverCrossBetweenTests` made, kept for the life of
/// the process: a registry shared between tests would hand a later case an earlier case's
/// value, whether the cases run in parallel or one after another.
private let keptKeyedValues = LockedValue<[Shared<Int>]>([])

@MainActor
@Suite struct TestStoreSharedTests {
  private func makeStore(
    other: Shared<Int> = Shared(value: 0)
  ) -> TestStore<
    SharedCounter.State, SharedCounter.Action
  > {
    TestStore(
      initialState: SharedCounter.State(count: Shared(value: 0)),
      reducer: SharedCounter(other: other))
  }

  @Test func aSharedChangeAssertedLikeAnyStateChangePasses() async {
    let store = makeStore()
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    #expect(store.state.count == 2)
  }

  @Test func anUnassertedSharedChangeFailsWithADiffNamingThePath() async {
    let store = makeStore()
    let messages = await knownIssues {
      await store.send(.increment)
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("State changed but no change was asserted") == true)
    #expect(messages.first?.contains("count: 0 → 1") == true)
  }

  @Test func aWrongSharedAssertionFailsWithTheExpectedAndActualValues() async {
    let store = makeStore()
    let messages = await knownIssues {
      await store.send(.increment) { $0.$count.withLock { $0 = 5 } }
    }
    #expect(messages.first?.contains("count: 5 → 1") == true)
  }

  @Test func theNextStepStartsFromTheAssertedSharedValue() async {
    let store = makeStore()
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    // No change in this step: the snapshot was reset to the live value after the last one.
    await store.send(.touchOther)
  }

  @Test func aSharedChangeMadeByAnEffectIsAssertedWhereItsActionIsReceived() async {
    let store = makeStore()
    await store.send(.incrementLater)
    await store.receive(.incremented) {
      $0.$count.withLock { $0 = 1 }
      $0.log = ["incremented"]
    }
  }

  /// Issue 40, bug B: the change made while handling `.increment`, which `.loaded`'s reducer
  /// sends, was demanded at `send(.loaded)`, then missing at `receive(.increment)`.
  @Test func aSharedChangeMadeHandlingAnActionAnEffectSentIsAssertedWhereItIsReceived() async {
    let store = TestStore(initialState: LoadedCounter.State(count: Shared(value: 0))) {
      LoadedCounter()
    }
    await store.send(.loaded)
    await store.receive(.increment) { $0.$count.withLock { $0 = 1 } }
  }

  /// With a test clock, each tick's change is asserted at its own tick (it was all demanded at
  /// the first).
  @Test func eachTickOfATestClockAssertsItsOwnSharedChange() async {
    let clock = TestClock()
    let store = TestStore(initialState: LoadedCounter.State(count: Shared(value: 0))) {
      LoadedCounter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.startTicking)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.$count.withLock { $0 = 1 } }
    await store.receive(.tick) { $0.$count.withLock { $0 = 2 } }
  }

  /// A wrong assertion at the received step still fails, with the step's own values.
  @Test func aWrongAssertionOfAReceivedStepsSharedChangeShowsThatStepsValues() async {
    let store = TestStore(initialState: LoadedCounter.State(count: Shared(value: 0))) {
      LoadedCounter()
    }
    await store.send(.loaded)
    let messages = await knownIssues {
      await store.receive(.increment) { $0.$count.withLock { $0 = 3 } }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("count: 3 → 1") == true, "\(messages)")
  }

  @Test func aNonExhaustiveStoreSkipsSharedChanges() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
  }

  @Test func aChangeToASharedValueTheStateDoesNotHoldIsLetGo() async {
    let store = makeStore()
    await store.send(.touchOther)
    await store.send(.touchOtherLater)
    await store.finish()
  }

  @Test func aSharedChangeAfterTheLastAssertionIsReportedAtTheEnd() async {
    let messages = await knownIssues {
      let store = makeStore()
      await store.send(.incrementSilently)
      await store.finish()
    }
    #expect(messages.count == 1)
    // Named by its path in the state, like every other diff.
    #expect(messages.first?.contains("\n  count: 0 → 1") == true, "\(messages)")
  }

  @Test func twoFeaturesHoldingTheSameKeySeeEachOthersWrites() async {
    // No registry passed: both find the test's own.
    let first = TestStore(initialState: KeyedCounter.State(), reducer: KeyedCounter())
    let second = TestStore(initialState: KeyedCounter.State(), reducer: KeyedCounter())
    await first.send(.set(1)) { $0.$count.withLock { $0 = 1 } }
    #expect(second.state.count == 1)
    await second.send(.set(2)) { $0.$count.withLock { $0 = 2 } }
    #expect(first.state.count == 2)
    // Code outside the stores holding the key sees the same value.
    @Shared(.inMemory("count")) var count = -1
    #expect(count == 2)
    await first.finish()
    await second.finish()
  }

  @Test(arguments: 1...8)
  func keyedValuesNeverCrossBetweenTests(number: Int) async {
    let store = TestStore(initialState: KeyedCounter.State(), reducer: KeyedCounter())
    keptKeyedValues.withLock { $0.append(store.state.$count) }
    #expect(store.state.count == 0)
    await store.send(.set(number)) { $0.$count.withLock { $0 = number } }
    @Shared(.inMemory("count")) var count = -1
    #expect(count == number)
  }

  @Test func aSharedChangeAfterTheLastAssertionCanBeAssertedWithAssert() async {
    let store = makeStore()
    await store.send(.incrementSilently).finish()
    store.assert { $0.$count.withLock { $0 = 1 } }
    await store.finish()
  }

  @Test func assertChecksTheStateWithoutSending() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.incrementLater)
    await store.finish()
    store.assert {
      $0.$count.withLock { $0 = 1 }
      $0.log = ["incremented"]
    }
    let messages = await knownIssues {
      store.assert { $0.log = [] }
    }
    #expect(messages.first?.contains("log") == true)
  }
}

private enum StartNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var startNumber: Int {
    get { self[StartNumberKey.self] }
    set { self[StartNumberKey.self] = newValue }
  }
}

private struct Numbered: Reducer {
  struct State: Equatable {
    var number = DependencyValues.current.startNumber
    var log: [Int] = []
  }
  enum Action: Equatable {
    case readNumber
    case emit
    case emitted(Int)
  }
  @Dependency(\.startNumber) var startNumber

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .readNumber:
      state.log.append(startNumber)
      return .none
    case .emit:
      return .send(.emitted(7))
    case .emitted(let number):
      state.log.append(number)
      return .none
    }
  }
}

@MainActor
@Suite struct TestStoreDependencyTests {
  @Test func theInitialStateIsMadeWithTheTestStoresOverrides() {
    let store = TestStore(initialState: Numbered.State(), reducer: Numbered()) {
      $0.startNumber = 42
    }
    #expect(store.state.number == 42)
  }

  @Test func aTestStoreMadeInsideWithDependenciesUsesItsOverrides() async {
    let store = withDependencies {
      $0.startNumber = 9
    } operation: {
      TestStore(initialState: Numbered.State(), reducer: Numbered())
    }
    #expect(store.state.number == 9)
    await store.send(.readNumber) { $0.log = [9] }
  }

  @Test func aStoreMadeInsideWithDependenciesUsesItsOverrides() {
    let store = withDependencies {
      $0.startNumber = 3
    } operation: {
      Store(initialState: Numbered.State(), reducer: Numbered())
    }
    store.send(.readNumber)
    #expect(store.state.log == [3])
  }

  @Test func aNonExhaustiveStoresStateIncludesActionsReceivedButNotAsserted() async {
    let store = TestStore(initialState: Numbered.State(), reducer: Numbered())
    store.exhaustivity = .off
    await store.send(.emit)
    #expect(store.state.log == [7])
    await store.send(.readNumber) { $0.log = [7, 0] }
  }
}
