import StoreKernel
import StoreKernelTesting
import Testing

/// Throttled effects held for the end of their window, and where they belong.
private struct Throttled: Reducer {
  struct State: Equatable {
    var fired: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case hold
    case noop
    case concatTap(Int)
    case concatThenFire(Int)
    case distinct(Int)
    case fire(Int)
    case cancelOuter
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .hold:
      return .run { [clock] _ in try await clock.sleep(for: .seconds(60)) }
        .throttle(id: "t", for: .seconds(1), clock: clock)
    case .noop:
      return .none
    case .concatTap(let number):
      return .concatenate(
        .run { _ in },
        .send(.fire(number)).throttle(id: "c", for: .seconds(1), clock: clock)
      )
      .cancellable(id: "outer")
    case .concatThenFire(let number):
      return .concatenate(
        .run { _ in },
        .send(.fire(number)).throttle(id: "c", for: .seconds(1), clock: clock),
        .send(.fire(number * 10))
      )
    case .distinct(let number):
      return .send(.fire(number)).throttle(id: number, for: .seconds(1), clock: clock)
    case .fire(let number):
      state.fired.append(number)
      return .none
    case .cancelOuter:
      return .cancel(id: "outer")
    }
  }
}

/// A parent that opens and closes a throttling child.
private struct Holder: Reducer {
  struct State: Equatable {
    var child: Throttled.State?
  }

  enum Action: Equatable, Sendable {
    case open
    case close
    case child(Throttled.Action)

    static let childPath = ActionPath<Action, Throttled.Action>(
      embed: Action.child, extract: { if case .child(let action) = $0 { action } else { nil } })
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .open: state.child = Throttled.State()
      case .close: state.child = nil
      case .child: break
      }
      return .none
    }
    .ifLet(\.child, action: Action.childPath) { Throttled(clock: clock) }
    .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct StoreRuntimeThrottleTests {
  let clock = TestClock()

  private func makeStore() -> Store<Throttled.State, Throttled.Action> {
    Store(initialState: Throttled.State(), reducer: Throttled(clock: clock)) {
      $0.effectExecutor = clock.effectExecutor
    }
  }

  @Test func aHeldEffectBelongsToTheSendThatWasThrottledNotToTheNextSend() async {
    let store = makeStore()
    let first = store.send(.hold)
    let held = store.send(.hold)
    #expect(!held.isEmpty)
    await clock.advance(by: .seconds(1))

    #expect(store.send(.noop).isEmpty)
    #expect(held.isRunning)
    await held.cancel()
    #expect(await completes { await held.finish() })
    #expect(store.runningEffectCount == 1)
    await first.cancel()
  }

  @Test func aTestStoreCountsAHeldEffectAsTheThrottledSendsNotTheNextSends() async {
    let store = TestStore(initialState: Throttled.State(), reducer: Throttled(clock: clock)) {
      $0.clock = clock
    }
    await store.send(.hold)
    let held = await store.send(.hold)
    await clock.advance(by: .seconds(1))
    let noop = await store.send(.noop)

    #expect(noop.isEmpty)
    #expect(held.isRunning)
    await store.skipInFlightEffects()
  }

  @Test func cancellingAnEnclosingIDDropsAThrottleHeldInAConcatenation() async {
    let store = TestStore(initialState: Throttled.State(), reducer: Throttled(clock: clock)) {
      $0.clock = clock
    }
    await store.send(.concatTap(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.send(.concatTap(2))
    await store.send(.cancelOuter)

    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.fired == [1])
  }

  @Test func closingAChildDropsAThrottleHeldInItsConcatenation() async {
    let store = TestStore(initialState: Holder.State(), reducer: Holder(clock: clock)) {
      $0.clock = clock
    }
    await store.send(.open) { $0.child = Throttled.State() }
    await store.send(.child(.concatTap(1)))
    await store.receive(.child(.fire(1))) { $0.child?.fired = [1] }
    await store.send(.child(.concatTap(2)))
    await store.send(.close) { $0.child = nil }

    // Without the child's cancellation reaching the held effect, `fire(2)` arrives for a nil
    // child: reported as an issue, and received unasserted.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aConcatenationGoesOnOnlyAfterItsHeldThrottledEffect() async {
    let store = makeStore()
    store.send(.concatThenFire(1))
    await clock.advance()
    let second = store.send(.concatThenFire(2))
    await clock.advance()
    #expect(store.fired == [1, 10])

    await clock.advance(by: .seconds(1))
    #expect(await completes { await second.finish() })
    #expect(store.fired == [1, 10, 2, 20])
  }

  @Test func closedThrottleWindowsAreForgotten() async {
    let store = makeStore()
    for number in 1...100 {
      store.send(.distinct(number))
      await clock.advance(by: .seconds(1))
    }

    #expect(store.fired == Array(1...100))
    #expect(store.throttleWindowCount ?? 0 <= 32)
  }

  @Test func anOpenWindowIsKeptWhileClosedOnesAreForgotten() async {
    let store = makeStore()
    store.send(.distinct(0))
    store.send(.distinct(0))
    for number in 1...40 { store.send(.distinct(number)) }
    await clock.advance(by: .seconds(1))

    // Window 0 held an effect: it started when its window ended, not at once.
    #expect(store.fired == [0] + Array(1...40) + [0])
  }
}
