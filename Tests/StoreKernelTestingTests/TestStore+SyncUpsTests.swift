import StoreKernel
import StoreKernelTesting
import Testing

/// TCA's SyncUps, the parts that use shared state, as its code writes them.
private struct SyncUp: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

extension SharedKey where Self == InMemoryKey<IdentifiedArrayOf<SyncUp>>.Default {
  fileprivate static var syncUps: Self {
    Self[.inMemory("sync-ups"), default: []]
  }
}

private struct SyncUpDetail: Reducer {
  struct State: Equatable {
    @Shared var syncUp: SyncUp
  }

  enum Action: Equatable {
    case deleteConfirmed
    case titleChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .deleteConfirmed:
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { _ = $0.remove(id: state.syncUp.id) }
      return .none
    case .titleChanged(let title):
      state.$syncUp.withLock { $0.title = title }
      return .none
    }
  }
}

@MainActor
@Suite struct TestStoreSyncUpsTests {
  /// The delete line of TCA's SyncUps, `$syncUps.withLock { _ = $0.remove(id:
  /// state.syncUp.id) }`, with `state.syncUp` derived from the list: it ended the process.
  @Test func deletingASyncUpReadsItsDerivedValueInsideTheListsWithLock() async throws {
    @Shared(.syncUps) var syncUps = [
      SyncUp(id: 1, title: "Standup"), SyncUp(id: 2, title: "Retro"),
    ]
    let syncUp = try #require(Shared($syncUps[id: 1]))
    let store = TestStore(initialState: SyncUpDetail.State(syncUp: syncUp)) {
      SyncUpDetail()
    }
    await store.send(.titleChanged("Daily")) { $0.$syncUp.withLock { $0.title = "Daily" } }
    #expect(syncUps[id: 1]?.title == "Daily")
    await store.send(.deleteConfirmed)
    #expect(syncUps.ids == [2])
    // The screen still shows what it held.
    #expect(store.state.syncUp.title == "Daily")
  }
}
