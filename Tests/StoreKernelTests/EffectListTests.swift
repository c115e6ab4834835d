import StoreKernel
import Testing

/// Counts what a long chain of effects sends.
private struct Chain: Reducer {
  enum Action: Equatable, Sendable {
    case build(links: Int, concatenated: Bool)
    case link(Int)
  }

  func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
    switch action {
    case .build(let links, let concatenated):
      var effect = Effect<Action>.send(.link(0))
      for index in 1...links {
        effect =
          concatenated
          ? effect.concatenate(with: .send(.link(index)))
          : effect.merge(with: .send(.link(index)))
      }
      return effect
    case .link(let index):
      state.append(index)
      return .none
    }
  }
}

/// Runs a long chain in a store on an actor of its own queue: seconds of work in a debug
/// build, kept off the threads and the main actor that other tests share.
private func runChain(links: Int, concatenated: Bool) async -> (state: [Int], reducerRuns: Int) {
  await QueueActor().run { actor in
    let store = Store(initialState: [Int](), reducer: Chain(), isolation: actor)
    store.send(.build(links: links, concatenated: concatenated))
    return (store.state, store.events.reducerRuns)
  }
}

/// Effects grown one link at a time: built in O(1) a link, started and released without
/// recursing per link (a chain of 100,000 overflowed the stack when each link nested).
@Suite struct EffectListTests {
  @Test(.serialized, arguments: [true, false])
  func aChainOfAHundredThousandLinksRunsInOrder(concatenated: Bool) async {
    let (state, reducerRuns) = await runChain(links: 100_000, concatenated: concatenated)
    #expect(state == Array(0...100_000))
    #expect(reducerRuns == 100_002)
  }

  @MainActor @Test func anEffectBuiltEarlierKeepsOnlyItsOwnLinks() {
    let start = Effect<Chain.Action>.concatenate(.send(.link(1)), .send(.link(2)))
    let longer = start.concatenate(with: .send(.link(3)))
    let other = start.concatenate(with: .send(.link(4)))
    _ = longer
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Chain.Action> { state, action in
        if case .build = action { return other }
        return Chain().reduce(into: &state, action: action)
      })
    store.send(.build(links: 0, concatenated: true))
    #expect(store.state == [1, 2, 4])
  }

  @MainActor @Test func aLongMergeBuiltEarlierKeepsOnlyItsOwnLinks() {
    var start = Effect<Chain.Action>.none
    for index in 0..<40 { start = start.merge(with: .send(.link(index))) }
    let longer = start.merge(with: .send(.link(100)))
    let other = start.merge(with: .send(.link(200)))
    _ = longer
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Chain.Action> { state, action in
        if case .build = action { return other }
        return Chain().reduce(into: &state, action: action)
      })
    store.send(.build(links: 0, concatenated: false))
    #expect(store.state == Array(0..<40) + [200])
  }
}
