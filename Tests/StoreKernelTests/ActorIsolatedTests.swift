import StoreKernel
import Testing

@Suite struct ActorIsolatedTests {
  @Test func actorIsolatedKeepsWhatTasksAdd() async {
    let calls = ActorIsolated<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for number in 0..<10 {
        group.addTask { await calls.withValue { $0.append(number) } }
      }
    }
    #expect(await calls.value.sorted() == Array(0..<10))
    await calls.setValue([])
    #expect(await calls.value.isEmpty)
  }
}
