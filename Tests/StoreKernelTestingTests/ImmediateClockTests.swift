import StoreKernel
import StoreKernelTesting
import Testing

@Suite struct ImmediateClockTests {
  @Test func aSleepEndsAtOnceAndMovesTheClocksTime() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(5))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now.offset == .seconds(6))
  }

  @Test func aCancelledTaskDoesNotSleep() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(5))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }

  @MainActor
  @Test func anEffectThatWaitsOnItIsReceivedWithoutAdvancingAnything() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter()) {
      $0.clock = ImmediateClock()
    }
    await store.send(.delayedIncrement)
    await store.receive(.incrementResponse) { $0.count = 1 }
  }
}
