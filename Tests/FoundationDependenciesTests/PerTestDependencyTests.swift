import Foundation
import FoundationDependencies
import StoreKernel
import StoreKernelTesting
import Testing

/// Issue 25: code outside a store read one process-wide default, so a test's ids depended on
/// which tests ran before it. Each test (each case) now has its own values; run the suite in
/// parallel to see them kept apart.
@Suite struct PerTestDependencyTests {
  init() {
    TestIssues.install()
  }

  @Test(arguments: 0..<16)
  func eachTestOutsideAStoreStartsItsOwnUUIDSequence(run: Int) async {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(number: 0))
    await Task.yield()
    #expect(uuid() == UUID(number: 1))
  }

  @Test(arguments: 1...16)
  func parallelTestsWithDifferentOverridesNeverSeeEachOthersIDs(base: UInt64) async {
    let next = Shared(value: UInt64(0))
    let ids = await withDependencies {
      $0.uuid = UUIDGenerator {
        UUID(
          number: base * 1_000
            + next.withLock { count in
              defer { count += 1 }
              return count
            })
      }
    } operation: {
      var ids: [UUID] = []
      for _ in 0..<3 {
        ids.append(DependencyValues.current.uuid())
        await Task.yield()
      }
      return ids
    }
    #expect(ids == (0..<3).map { UUID(number: base * 1_000 + UInt64($0)) })
  }

  @MainActor
  @Test(arguments: 0..<8)
  func aTestStoresInitialStateTakesItsIDsFromTheTestStore(run: Int) async {
    let store = TestStore(
      initialState: Tagged.State(id: DependencyValues.current.uuid()), reducer: Tagged())
    #expect(store.state.id == UUID(number: 0))
    await store.send(.retag) { $0.id = UUID(number: 1) }
  }
}

private struct Tagged: Reducer {
  struct State: Equatable {
    var id: UUID
  }
  enum Action: Equatable {
    case retag
  }
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.id = uuid()
    return .none
  }
}
