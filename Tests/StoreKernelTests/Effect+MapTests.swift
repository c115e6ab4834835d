import StoreKernel
import StoreKernelTesting
import Testing

private enum Child {
  enum Action: Equatable, Sendable {
    case send
    case run
    case merge
    case concatenate
    case startCancellable
    case cancel
    case throttle(Int)
    case done(String)
  }

  static func effect(for action: Action, clock: TestClock) -> Effect<Action> {
    switch action {
    case .send:
      return .send(.done("send"))
    case .run:
      return .run { send in await send(.done("run")) }
    case .merge:
      return .merge(.send(.done("merge 1")), .send(.done("merge 2")))
    case .concatenate:
      return .concatenate(
        .run { send in await send(.done("concatenate 1")) },
        .send(.done("concatenate 2")))
    case .startCancellable:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.done("not cancelled"))
      }
      .cancellable(id: "child")
    case .cancel:
      return .cancel(id: "child")
    case .throttle(let number):
      return .send(.done("throttle \(number)"))
        .throttle(id: "child throttle", for: .seconds(1), clock: clock)
    case .done:
      return .none
    }
  }
}

private enum Parent {
  enum Action: Equatable, Sendable {
    case child(Child.Action)
    case cancelChildFromParent
  }

  static func reducer(clock: TestClock) -> Reduce<[String], Action> {
    Reduce { log, action in
      switch action {
      case .child(.done(let entry)):
        log.append(entry)
        return .none
      case .child(let action):
        return Child.effect(for: action, clock: clock).map(Action.child)
      case .cancelChildFromParent:
        return .cancel(id: "child")
      }
    }
  }
}

@MainActor
@Suite struct EffectMapTests {
  let clock = TestClock()

  private func makeStore() -> Store<[String], Parent.Action> {
    Store(initialState: [], reducer: Parent.reducer(clock: clock)) {
      $0.effectExecutor = clock.effectExecutor
    }
  }

  @Test func mapOfNoneIsNone() {
    #expect(Effect<Child.Action>.none.map(Parent.Action.child).isNone)
  }

  @Test func mappedSendAndRunDeliverEmbeddedActions() async {
    let store = makeStore()
    store.send(.child(.send))
    await store.send(.child(.run)).finish()
    #expect(store.state == ["send", "run"])
  }

  @Test func mappedMergeAndConcatenateDeliverEveryAction() async {
    let store = makeStore()
    store.send(.child(.merge))
    await store.send(.child(.concatenate)).finish()
    #expect(store.state == ["merge 1", "merge 2", "concatenate 1", "concatenate 2"])
  }

  @Test func mappedCancellableKeepsItsIDForTheChildAndTheParent() async {
    let store = makeStore()
    let first = store.send(.child(.startCancellable))
    store.send(.child(.cancel))
    #expect(await completes { await first.finish() })

    let second = store.send(.child(.startCancellable))
    store.send(.cancelChildFromParent)
    #expect(await completes { await second.finish() })

    #expect(store.state == [])
    #expect(store.events.effectsCancelled == 2)
  }

  @Test func mappedThrottleKeepsItsWindow() async {
    let store = makeStore()
    store.send(.child(.throttle(1)))
    store.send(.child(.throttle(2)))
    #expect(store.state == ["throttle 1"])

    await clock.advance(by: .seconds(1))
    #expect(store.state == ["throttle 1", "throttle 2"])
    #expect(store.runningEffectCount == 0)
  }
}
