import StoreKernel
import StoreKernelTesting
import Testing

/// Pushes screens onto a stack, directly or from an effect.
private struct Navigator: Reducer {
  struct State: Equatable {
    var path = StackState<String>()
  }

  enum Action: Equatable, Sendable {
    case push(String)
    case pushLater(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .push(let screen):
      state.path.append(screen)
      return .none
    case .pushLater(let screen):
      return .run { send in await send(.push(screen)) }
    }
  }
}

/// An assertion appends to a stack the way the reducer did: with the id the store handed out
/// for that step, so `$0.path.append(x)` reads as TCA's tests do.
@MainActor
@Suite struct TestStoreStackTests {
  /// The initial stack takes the store's first ids (0, 1), so the reducer's push gets 2: an
  /// assertion that drew from any other generator would get another id and fail.
  private func makeStore() -> TestStore<Navigator.State, Navigator.Action> {
    TestStore(
      initialState: Navigator.State(path: StackState(["home", "list"])), reducer: Navigator())
  }

  @Test func anAppendInASendsAssertionGetsTheReducersID() async {
    let store = makeStore()
    await store.send(.push("detail")) { $0.path.append("detail") }
    await store.send(.push("edit")) { $0.path.append("edit") }
    #expect(store.state.path.ids == [0, 1, 2, 3])
  }

  @Test func anAppendInAReceivesAssertionGetsTheReducersID() async {
    let store = makeStore()
    await store.send(.pushLater("detail"))
    await store.receive(.push("detail")) { $0.path.append("detail") }
    #expect(store.state.path.ids == [0, 1, 2])
  }
}
