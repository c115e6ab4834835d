import StoreKernel
import Testing

@MainActor
@Suite struct DependencyTests {
  @Test func reducerSeesItsStoresOverride() {
    let store = Store(initialState: [], reducer: Greeter()) { $0.greeting = "hello" }
    store.send(.greet)
    #expect(store.state == ["reducer: hello"])
  }

  @Test func effectSeesItsStoresOverride() async {
    let store = Store(initialState: [], reducer: Greeter()) { $0.greeting = "hello" }
    await store.send(.greetLater).finish()
    #expect(store.state == ["effect: hello"])
  }

  @Test func twoStoresWithDifferentOverridesSeeTheirOwn() async {
    let reducer = Greeter()
    let english = Store(initialState: [], reducer: reducer) { $0.greeting = "hello" }
    let french = Store(initialState: [], reducer: reducer) { $0.greeting = "bonjour" }

    english.send(.greet)
    french.send(.greet)
    let englishTask = english.send(.greetLater)
    let frenchTask = french.send(.greetLater)
    await englishTask.finish()
    await frenchTask.finish()

    #expect(english.state == ["reducer: hello", "effect: hello"])
    #expect(french.state == ["reducer: bonjour", "effect: bonjour"])
  }

  @Test func unsetDependenciesUseTheStoresContext() {
    let live = Store(initialState: [], reducer: Greeter()) { $0.context = .live }
    let test = Store(initialState: [], reducer: Greeter()) { $0.context = .test }
    live.send(.greet)
    test.send(.greet)
    #expect(live.state == ["reducer: live greeting"])
    #expect(test.state == ["reducer: test greeting"])
  }

  @Test func outsideAStoreTheWrapperReadsTheCurrentValues() async {
    let greeter = Greeter()
    withDependencies {
      $0.greeting = "from the task"
    } operation: {
      #expect(greeter.greeting == "from the task")
    }
  }
}
