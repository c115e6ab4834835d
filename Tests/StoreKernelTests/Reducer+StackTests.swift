import StoreKernel
import StoreKernelTesting
import Testing

/// A root screen with a navigation stack of drafters.
private struct Root: Reducer {
  struct State: Equatable {
    var path = StackState<Drafter.State>()
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case path(StackActionOf<Drafter>)
    case pushTapped(String)
    case popToRoot

    static let pathPath = ActionPath<Action, StackActionOf<Drafter>>(
      embed: Action.path, extract: { if case .path(let action) = $0 { action } else { nil } })
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .pushTapped(let text):
        state.path.append(Drafter.State(text: text))
      case .popToRoot:
        state.path.removeAll()
      case .path(.element(let id, .saveTapped)):
        // Runs after the element: it sees the element's new state.
        state.log.append("saved \(id): \(state.path[id: id]?.text ?? "gone")")
      case .path(.popFrom(let id)):
        // Runs while the popped elements are still there.
        state.log.append("popping \(id): \(state.path[id: id]?.text ?? "gone")")
      case .path(.push(let id, _)):
        // Runs after the push.
        state.log.append("pushed \(id): \(state.path[id: id]?.text ?? "gone")")
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.pathPath) { Drafter() }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReducerStackTests {
  let clock = TestClock()

  fileprivate func makeStore() -> TestStore<Root.State, Root.Action> {
    TestStore(initialState: Root.State(), reducer: Root()) { $0.clock = clock }
  }

  /// A store with `texts` pushed, ids 0, 1, 2, …
  fileprivate func makeStore(pushing texts: [String]) async -> TestStore<Root.State, Root.Action> {
    let store = makeStore()
    for (generation, text) in texts.enumerated() {
      await store.send(.pushTapped(text)) {
        $0.path[id: StackElementID(generation: generation)] = Drafter.State(text: text)
      }
    }
    return store
  }

  @Test func idsInATestStoreAre0Then1Then2() async {
    let store = await makeStore(pushing: ["a", "b", "c"])
    #expect(store.state.path.ids == [0, 1, 2])
  }

  @Test func anElementRunsFirstThenTheParent() async {
    let store = await makeStore(pushing: ["a"])
    await store.send(.path(.element(id: 0, action: .type("b")))) { $0.path[id: 0]?.text = "ab" }
    await store.send(.path(.element(id: 0, action: .saveTapped))) { $0.log = ["saved #0: ab"] }
  }

  @Test func popFromLetsTheParentSeeThenRemovesTheElementAndThoseAbove() async {
    let store = await makeStore(pushing: ["a", "b", "c"])
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast(2)
      $0.log = ["popping #1: b"]
    }
  }

  @Test func pushAppendsThenRunsTheParentAndTheNextIDFollowsOn() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: Drafter.State(text: "a")))) {
      $0.path[id: 0] = Drafter.State(text: "a")
      $0.log = ["pushed #0: a"]
    }
    await store.send(.pushTapped("b")) { $0.path[id: 1] = Drafter.State(text: "b") }
  }

  @Test func aPushOfAnIDAlreadyThereIsReportedAndPushesNothing() async {
    let store = await makeStore(pushing: ["a"])
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: Drafter.State(text: "again")))) {
        $0.log = ["pushed #0: a"]
      }
    } matching: { issue in
      issue.message.contains("received a push of an id that is already in the stack (#0)")
    }
  }

  @Test func aPushBeyondTheStoresNextIDIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.push(id: 5, state: Drafter.State()))) {
        $0.path[id: 5] = Drafter.State()
        $0.log = ["pushed #5: "]
      }
    } matching: { issue in
      issue.message.contains("a push with id #5, but the next id of this store is #0")
    }
  }

  @Test func poppingCancelsThePoppedElementsEffectsOnly() async {
    let store = await makeStore(pushing: ["a", "b"])
    await store.send(.path(.element(id: 0, action: .startTyping)))
    await store.send(.path(.element(id: 1, action: .startTyping)))
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
      $0.log = ["popping #1: b"]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .type(".")))) { $0.path[id: 0]?.text = "a." }
    await store.send(.popToRoot) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anActionForAPoppedIDIsReportedAndNeverReachesAnotherElement() async {
    let store = await makeStore(pushing: ["a"])
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
      $0.log = ["popping #0: a"]
    }
    await store.send(.pushTapped("b")) { $0.path[id: 1] = Drafter.State(text: "b") }
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .type("lost"))))
    } matching: { issue in
      issue.message.contains("received an action for an element that is not in the stack (#0)")
    }
    #expect(store.state.path[id: 1]?.text == "b")
  }

  @Test func aPopOfAnIDNotInTheStackIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 3))) { $0.log = ["popping #3: gone"] }
    } matching: { issue in
      issue.message.contains("received a pop of an element that is not in the stack (#3)")
    }
  }

  @Test func dismissFromAnElementsEffectPopsIt() async {
    let store = await makeStore(pushing: ["a", "b"])
    await store.send(.path(.element(id: 1, action: .startTyping)))
    await store.send(.path(.element(id: 1, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
      $0.log = ["popping #1: b"]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anElementPathMatchesOnlyItsID() {
    let path = StackActionOf<Drafter>.elementPath(id: 1)
    #expect(path.extract(.element(id: 1, action: .saveTapped)) == .saveTapped)
    #expect(path.extract(.element(id: 0, action: .saveTapped)) == nil)
    #expect(path.extract(.popFrom(id: 1)) == nil)
    #expect(path.embed(.saveTapped) == .element(id: 1, action: .saveTapped))
  }

  @Test func describesTheCaseWithTheID() {
    #expect("\(StackActionOf<Drafter>.popFrom(id: 2))" == "popFrom(id: #2)")
  }
}
