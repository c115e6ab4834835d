import StoreKernel
import StoreKernelTesting
import Testing

/// A parent whose child answers through a delegate action, three cases deep: what TCA tests
/// receive with `receive(\.child.delegate.saved)`.
private struct Parent: Reducer {
  struct State: Equatable {
    var saved: [String] = []
  }

  enum Action: Equatable, Sendable {
    case save(String)
    case discard
    case child(Child)
  }

  enum Child: Equatable, Sendable {
    case delegate(Delegate)
  }

  enum Delegate: Equatable, Sendable {
    case saved(String)
    case discarded
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .save(let text):
      return .run { send in await send(.child(.delegate(.saved(text)))) }
    case .discard:
      return .run { send in await send(.child(.delegate(.discarded))) }
    case .child(.delegate(.saved(let text))):
      state.saved.append(text)
      return .none
    case .child(.delegate(.discarded)):
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct TestStoreReceiveCaseTests {
  @Test func receiveTakesTheCasesAnActionIsNestedIn() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    await store.send(.save("a"))
    await store.receive(Parent.Action.child, Parent.Child.delegate, Parent.Delegate.saved) {
      $0.saved = ["a"]
    }
    await store.send(.save("b"))
    await store.receive(Parent.Action.child, Parent.Child.delegate) { $0.saved = ["a", "b"] }
    await store.send(.save("c"))
    await store.receive(Parent.Action.child) { $0.saved = ["a", "b", "c"] }
  }

  @Test func receiveOfAnotherCaseFails() async {
    let issues = await knownIssues {
      let store = TestStore(initialState: Parent.State(), reducer: Parent())
      await store.send(.discard)
      await store.receive(
        Parent.Action.child, Parent.Child.delegate, Parent.Delegate.saved,
        timeout: .milliseconds(20))
      skipReceivedActionsQuietly(of: store)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        "Expected to receive an action of the case path to String within the timeout. "
          + "Received instead: child(") == true, "\(issues)")
  }
}
