import StoreKernel
import Testing

@Suite struct SendTests {
  @Test func sendHandsActionsToItsClosure() async {
    let received = Recorder<Int>()
    let send = Send<Int> { received.record($0) }
    await send(1)
    await send(2)
    #expect(received.values == [1, 2])
  }

  @Test func sendDropsActionsOnceItsTaskIsCancelled() async {
    let received = Recorder<Int>()
    let send = Send<Int> { received.record($0) }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await send(1)
    }
    await task.value
    #expect(received.values.isEmpty)
  }
}
