import StoreKernel
import Testing

private struct Failure: Error {}

/// Sends into another store from inside a reducer, to nest one store's reducer in another's.
private struct Relay: Sendable {
  var send: @Sendable () -> Void
}

private enum RelayKey: DependencyKey {
  static let liveValue = Relay {}
  static let testValue = Relay {}
}

extension DependencyValues {
  fileprivate var relay: Relay {
    get { self[RelayKey.self] }
    set { self[RelayKey.self] = newValue }
  }
}

/// A state that reads a dependency as it is made, as a TCA state that takes `@Dependency(\.uuid)`
/// for its first id does.
private struct Greeted: Equatable {
  var greeting: String
  init() {
    @Dependency(\.greeting) var greeting
    self.greeting = greeting
  }
}

@MainActor
@Suite struct DependencyValuesCurrentTests {
  @Test func aStoresInitialStateIsMadeWithTheStoresDependencies() async {
    let store = Store(
      initialState: Greeted(), reducer: Reduce<Greeted, Bool> { _, _ in .none },
      withDependencies: { $0.greeting = "the store's" })
    #expect(store.state.greeting == "the store's")
    // And with those of a `withDependencies` around the store, which the store inherits.
    let inherited = withDependencies {
      $0.greeting = "around the store"
    } operation: {
      Store(initialState: Greeted(), reducer: Reduce<Greeted, Bool> { _, _ in .none })
    }
    #expect(inherited.state.greeting == "around the store")
    #expect(DependencyValues.current.greeting == "test greeting")
  }

  @Test func withDependenciesChangesTheCurrentValuesForItsOperationOnly() async {
    #expect(DependencyValues.current.greeting == "test greeting")

    let seen = withDependencies {
      $0.greeting = "outer"
    } operation: {
      DependencyValues.current.greeting
    }

    #expect(seen == "outer")
    #expect(DependencyValues.current.greeting == "test greeting")
  }

  @Test func nestedWithDependenciesBuildsOnTheOuterValues() async {
    withDependencies {
      $0.greeting = "outer"
      $0.context = .live
    } operation: {
      withDependencies {
        $0.greeting = "inner"
      } operation: {
        #expect(DependencyValues.current.greeting == "inner")
        #expect(DependencyValues.current.context == .live)
      }
      #expect(DependencyValues.current.greeting == "outer")
    }
  }

  @Test func withDependenciesRethrows() async {
    await #expect(throws: Failure.self) {
      try await withDependencies { _ in
      } operation: {
        // An operation that suspends takes the asynchronous form.
        await Task.yield()
        throw Failure()
      }
    }
    #expect(throws: Failure.self) {
      try withDependencies { _ in
      } operation: {
        throw Failure()
      }
    }
  }

  @Test func childTasksInheritTheValues() async {
    let seen = await withDependencies {
      $0.greeting = "inherited"
    } operation: {
      await Task { DependencyValues.current.greeting }.value
    }
    #expect(seen == "inherited")
  }

  @Test func aStoresEffectsSeeTheStoreNotTheTaskAroundThem() async {
    let overridden = Store(initialState: [], reducer: Greeter()) { $0.greeting = "store" }
    let plain = Store(initialState: [], reducer: Greeter())
    await withDependencies {
      $0.greeting = "task"
    } operation: {
      await overridden.send(.greetLater).finish()
      await plain.send(.greetLater).finish()
      plain.send(.greet)
    }
    #expect(overridden.state == ["effect: store"])
    #expect(plain.state == ["effect: test greeting", "reducer: test greeting"])
  }

  @Test func aStoreMadeInsideWithDependenciesStartsFromItsOverrides() async {
    let (inherited, overridden) = withDependencies {
      $0.greeting = "task"
    } operation: {
      (
        Store(initialState: [], reducer: Greeter()),
        Store(initialState: [], reducer: Greeter()) { $0.greeting = "store" }
      )
    }
    await inherited.send(.greetLater).finish()
    inherited.send(.greet)
    overridden.send(.greet)
    #expect(inherited.state == ["effect: task", "reducer: task"])
    #expect(overridden.state == ["reducer: store"])
  }

  @Test func aReducerRunningInsideAnotherStoresReducerSeesItsOwnStore() {
    let inner = Store(initialState: [], reducer: Greeter()) { $0.greeting = "inner" }
    let holder = StoreHolder<[String], Greeter.Action>()
    holder.store = inner
    let outer = Store(
      initialState: [String](),
      reducer: Reduce<[String], Bool> { log, _ in
        log.append("before: \(DependencyValues.current.greeting)")
        DependencyValues.current.relay.send()
        log.append("after: \(DependencyValues.current.greeting)")
        return .none
      }
    ) {
      $0.greeting = "outer"
      $0.relay = Relay { MainActor.assumeIsolated { holder.send(.greet) } }
    }

    outer.send(true)

    #expect(outer.state == ["before: outer", "after: outer"])
    #expect(inner.state == ["reducer: inner"])
  }
}
