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

/// Effects grown one link at a time: built in O(1) a link, started and released without
/// recursing per link (a chain of 100,000 overflowed the stack when each link nested).
@MainActor
@Suite struct EffectListTests {
  @Test(arguments: [true, false])
  func aChainOfAHundredThousandLinksRunsInOrder(concatenated: Bool) {
    let store = Store(initialState: [Int](), reducer: Chain())
    store.send(.build(links: 100_000, concatenated: concatenated))
    #expect(store.state.count == 100_001)
    #expect(store.state == Array(0...100_000))
    #expect(store.events.reducerRuns == 100_002)
  }

  @Test func anEffectBuiltEarlierKeepsOnlyItsOwnLinks() {
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

  @Test func aLongMergeBuiltEarlierKeepsOnlyItsOwnLinks() {
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
