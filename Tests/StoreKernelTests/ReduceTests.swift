import StoreKernel
import Testing

private struct Doubler: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state *= 2
    return action ? .send(false) : .none
  }
}

@Suite struct ReduceTests {
  @Test func closureMutatesTheStateAndReturnsItsEffect() {
    let reducer = Reduce<Int, Int> { state, action in
      state += action
      return action > 1 ? .send(action - 1) : .none
    }
    var state = 10

    let noEffect = reducer.reduce(into: &state, action: 1)
    #expect(state == 11)
    #expect(noEffect.isNone)

    let effect = reducer.reduce(into: &state, action: 5)
    #expect(state == 16)
    #expect(!effect.isNone)
  }

  @Test func wrappingAReducerRunsIt() {
    let erased = Reduce(Doubler())
    var state = 3
    #expect(!erased.reduce(into: &state, action: true).isNone)
    #expect(erased.reduce(into: &state, action: false).isNone)
    #expect(state == 12)
  }

  @MainActor
  @Test func storeFeedsSentActionsBackThroughTheClosure() {
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Int> { log, action in
        log.append(action)
        return action > 0 ? .send(action - 1) : .none
      })
    store.send(3)
    #expect(store.state == [3, 2, 1, 0])
  }
}
