import StoreKernel
import StoreKernelTesting
import Testing

// The example in the doc comment of completes(within:_:).

@Test func aTaskThatEndsCompletes() async {
  let task = Task { await Task.yield() }
  #expect(await completes { await task.value })
}
