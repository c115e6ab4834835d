import MultiStorePrimitives
import StoreKernel
import StoreKernelTesting
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

/// Trees that alternate operators, each step one level deeper: a concatenation (the tree, then
/// the next link), a `cancellable` around it, a merge of it with a `.cancel` that cancels nothing.
private struct Tree: Reducer {
  enum Action: Equatable, Sendable {
    case build(levels: Int, asynchronous: Bool)
    case link(Int)
  }

  /// The tree, `levels` deep: its links are 0 (the innermost) to one a concatenation, in the
  /// order they run. Asynchronous links are `.run`s, the others `.send`s.
  static func tree(levels: Int, asynchronous: Bool) -> Effect<Action> {
    var effect = Effect<Action>.send(.link(0))
    var link = 0
    for level in 1...levels {
      switch level % 3 {
      case 1:
        link += 1
        let next = link
        effect = effect.concatenate(
          with: asynchronous ? .run { send in await send(.link(next)) } : .send(.link(next)))
      case 2:
        effect = effect.cancellable(id: level % 5)
      default:
        effect = effect.merge(with: .cancel(id: "nothing"))
      }
    }
    return effect
  }

  func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
    switch action {
    case .build(let levels, let asynchronous):
      return Self.tree(levels: levels, asynchronous: asynchronous)
    case .link(let index):
      state.append(index)
      return .none
    }
  }
}

/// Collects what the runtime reports, in place of the test's own reporting: only for a test
/// that runs alone in its process (the handler is the whole process's).
private final class Reported: Sendable {
  private let messages = LockedValue<[String]>([])

  var all: [String] { messages.withLock { $0 } }

  /// Runs `body` with every report collected here.
  func collecting<T>(_ body: () async throws -> T) async rethrows -> T {
    IssueReporter.setHandler { [messages] message in messages.withLock { $0.append(message) } }
    defer { IssueReporter.setHandler(nil) }
    return try await body()
  }
}

/// Runs a tree `levels` deep in a store on an actor of its own queue (seconds of work in a
/// debug build); returns the links it sent, in order, and what the runtime reported.
private func runTree(
  levels: Int, asynchronous: Bool, on actor: isolated QueueActor
) async -> [Int] {
  let store = Store(initialState: [Int](), reducer: Tree(), isolation: actor)
  await store.send(.build(levels: levels, asynchronous: asynchronous)).finish()
  return store.state
}

/// Effect trees whose depth the code wrote (operators alternated): a tree as deep as
/// `Effect.nestingLimit` runs, in order; a deeper one is reported where it is built and does
/// nothing (a tree 100,000 levels deep overflowed the stack when started or released).
@Suite(.serialized) struct EffectNestingTests {
  @Test(arguments: [false, true])
  func aTreeAsDeepAsTheLimitRunsInOrder(asynchronous: Bool) async {
    // A report would be an issue of this test.
    TestIssues.install()
    let levels = Effect<Tree.Action>.nestingLimit
    #expect(Tree.tree(levels: levels, asynchronous: asynchronous).nestingDepth == levels)
    let links = await runTree(levels: levels, asynchronous: asynchronous, on: QueueActor())
    // A concatenation every third level: links 0 to 334.
    #expect(links == Array(0...(levels + 2) / 3))
  }

  /// 100,000 levels: reported once, where the tree grew past the limit, with the limit and
  /// where it is documented; the tree, and every tree built from it, does nothing when
  /// started. Alone in a child process: a stack overflow would end it, not the test run.
  @Test func aTreeAHundredThousandLevelsDeepIsReportedAndDoesNothing() async throws {
    if try await ranAlone(
      suite: "EffectNestingTests", test: "aTreeAHundredThousandLevelsDeepIsReportedAndDoesNothing")
    {
      return
    }
    let reported = Reported()
    let (depth, links) = await reported.collecting {
      let depth = Tree.tree(levels: 100_000, asynchronous: true).nestingDepth
      let links = await runTree(levels: 100_000, asynchronous: true, on: QueueActor())
      return (depth, links)
    }
    #expect(depth > Effect<Tree.Action>.nestingLimit)
    #expect(links.isEmpty)
    // Once per tree built (here, two): not once per level built past the limit.
    #expect(reported.all.count == 2)
    for message in reported.all {
      #expect(message.contains("An effect tree deeper than 1000 levels was built"))
      #expect(message.contains("docs/decisions/0013-effects-from-primitives.md"))
    }
  }
}
