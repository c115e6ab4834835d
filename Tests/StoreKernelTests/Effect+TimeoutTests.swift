import StoreKernel
import StoreKernelTesting
import Testing

/// A load that may hang, bounded by a timeout.
private struct Loader: Reducer {
  struct State: Equatable {
    var loaded: String?
    var timedOut = false
  }

  enum Action: Equatable, Sendable {
    case load(takes: Duration)
    case loaded(String)
    case timedOut
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let duration):
      return .run { [clock] send in
        try await clock.sleep(for: duration)
        await send(.loaded("notes"))
      }
      .timeout(.seconds(1), clock: clock, sending: .timedOut)
    case .loaded(let text):
      state.loaded = text
      return .none
    case .timedOut:
      state.timedOut = true
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectTimeoutTests {
  let clock = TestClock()

  @Test func anEffectStillRunningAtTheTimeoutIsCancelledAndTheActionSent() async {
    let store = TestStore(initialState: Loader.State(), reducer: Loader()) { $0.clock = clock }
    await store.send(.load(takes: .seconds(5)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timedOut) { $0.timedOut = true }
    // The load was cancelled: nothing arrives later.
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func anEffectThatFinishesInTimeEndsTheWatchAtOnce() async {
    let store = TestStore(initialState: Loader.State(), reducer: Loader()) { $0.clock = clock }
    let load = await store.send(.load(takes: .milliseconds(100)))
    await clock.advance(by: .milliseconds(100))
    await store.receive(.loaded("notes")) { $0.loaded = "notes" }
    // Nothing waits for the rest of the second: the send's effects are over.
    #expect(await completes { await load.finish() })
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingTheEffectEndsItsTimeoutToo() async {
    let store = Store(initialState: Loader.State(), reducer: Loader()) {
      $0.clock = clock
    }
    let load = store.send(.load(takes: .seconds(5)))
    #expect(!load.isEmpty)
    await load.cancel()
    #expect(await completes { await load.finish() })
    #expect(store.timedOut == false)
  }

  @Test func anImmediateEffectIsLeftAsItIs() {
    let immediate = Reduce<Loader.State, Loader.Action> { state, action in
      guard case .load = action else { return Loader().reduce(into: &state, action: action) }
      return Effect<Loader.Action>.send(.loaded("now"))
        .timeout(.seconds(1), clock: ContinuousClock(), sending: .timedOut)
    }
    let store = Store(initialState: Loader.State(), reducer: immediate)
    #expect(store.send(.load(takes: .zero)).isEmpty)
    #expect(store.loaded == "now")
  }
}
