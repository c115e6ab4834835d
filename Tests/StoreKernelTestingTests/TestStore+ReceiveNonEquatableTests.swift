import StoreKernel
import StoreKernelTesting
import Testing

/// A timer whose actions are not `Equatable` (one carries an error): what TCA tests receive with
/// `receive(\.timerTick)` and `receive(\.clock.tick)`.
private struct Timer: Reducer {
  struct State: Equatable {
    var ticks = 0
    var failures = 0
  }

  enum Action: Sendable {
    case start
    case timerTick
    case clock(Clock)
    case failed(any Error)
  }

  enum Clock: Sendable {
    case tick
    case set(Int)
  }

  struct Broken: Error {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        await send(.timerTick)
        await send(.clock(.tick))
        await send(.clock(.set(5)))
        await send(.failed(Broken()))
      }
    case .timerTick, .clock(.tick):
      state.ticks += 1
      return .none
    case .clock(.set(let ticks)):
      state.ticks = ticks
      return .none
    case .failed:
      state.failures += 1
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct TestStoreReceiveNonEquatableTests {
  @Test func receiveComparesAnActionThatIsNotEquatableByReflection() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer())
    await store.send(.start)
    await store.receive(.timerTick) { $0.ticks = 1 }
    await store.receive(.clock(.tick)) { $0.ticks = 2 }
    await store.receive(.clock(.set(5))) { $0.ticks = 5 }
    await store.receive(.failed(Timer.Broken())) { $0.failures = 1 }
  }

  @Test func anotherCaseOrPayloadIsNotTheExpectedAction() async {
    let issues = await knownIssues {
      let store = TestStore(initialState: Timer.State(), reducer: Timer())
      await store.send(.start)
      await store.receive(.clock(.tick), timeout: .milliseconds(20))
      await finishQuietly(store)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Expected to receive clock(") == true, "\(issues)")

    let payload = await knownIssues {
      let store = TestStore(initialState: Timer.State(), reducer: Timer())
      await store.send(.start)
      await store.receive(.timerTick) { $0.ticks = 1 }
      await store.receive(.clock(.tick)) { $0.ticks = 2 }
      await store.receive(.clock(.set(4)), timeout: .milliseconds(20))
      await finishQuietly(store)
    }
    #expect(payload.count == 1)
    #expect(payload.first?.hasPrefix("Expected to receive clock(") == true, "\(payload)")
  }

  /// Waits for the timer's effect to end and drops what it sent, without a report: a failed
  /// `receive` returns while the effect may still be sending.
  private func finishQuietly(_ store: TestStore<Timer.State, Timer.Action>) async {
    await store.withExhaustivity(.off) { await store.finish() }
  }
}
