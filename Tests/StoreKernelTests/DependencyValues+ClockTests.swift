import StoreKernel
import StoreKernelTesting
import Testing

@Suite struct DependencyValuesClockTests {
  init() {
    TestIssues.install()
  }

  @Test func theClockHasNoTestValueEither() {
    withKnownIssue {
      _ = DependencyValues(context: .test).clock
    } matching: { issue in
      issue.message.contains("A test used the live value of dependency")
    }
  }

  @Test func aTestClockOverrideIsSeen() {
    let clock = TestClock()
    var values = DependencyValues(context: .test)
    values.clock = clock
    #expect(values.clock as? TestClock === clock)
  }

  @Test func theLiveClockIsTheContinuousClock() {
    #expect(DependencyValues(context: .live).clock is ContinuousClock)
  }

  @MainActor @Test func tcasNameForTheClockIsTheSameDependency() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0, reducer: Ticker()) { $0.continuousClock = clock }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0 = 1 }
    await store.finish()
    var values = DependencyValues(context: .test)
    values.clock = clock
    #expect(values.continuousClock as? TestClock === clock)
  }

  /// Waits one second on the clock under TCA's name, as code ported from TCA does.
  struct Ticker: Reducer {
    enum Action: Equatable, Sendable { case start, tick }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state += 1
        return .none
      }
    }
  }
}
