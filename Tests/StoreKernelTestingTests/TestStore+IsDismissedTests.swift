import MultiStorePrimitives
import StoreKernel
import StoreKernelTesting
import Testing

/// A sheet's feature on its own, as a test of it sees it: its close button dismisses it.
private struct Sheet: Reducer {
  struct State: Equatable {
    var closing = false
  }

  enum Action: Equatable, Sendable {
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeTapped:
      state.closing = true
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

/// Issue 39, point 4: a test store says whether the feature dismissed itself, as TCA's does.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TestStoreIsDismissedTests {
  @Test func aFeatureThatCallsDismissIsDismissed() async {
    let store = TestStore(initialState: Sheet.State(), reducer: Sheet())
    #expect(!store.isDismissed)
    await store.send(.closeTapped) { $0.closing = true }
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test func aTestsOwnDismissIsKeptAndTheStoreIsNotDismissed() async {
    let calls = LockedValue(0)
    let store = TestStore(initialState: Sheet.State(), reducer: Sheet()) {
      $0.dismiss = DismissEffect { calls.withLock { $0 += 1 } }
    }
    await store.send(.closeTapped) { $0.closing = true }
    await store.finish()
    #expect(calls.withLock { $0 } == 1)
    #expect(!store.isDismissed)
  }
}
