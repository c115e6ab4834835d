import Foundation
import StoreKernel
import Testing

@Suite struct LockIsolatedTests {
  @Test func lockIsolatedCountsEveryIncrementFromFourThreads() {
    let count = LockIsolated(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<10_000 { count.withValue { $0 += 1 } }
    }
    #expect(count.value == 40_000)
    let names = LockIsolated(["a"])
    names.setValue(["a", "b"])
    #expect(names.count == 2)
  }
}
