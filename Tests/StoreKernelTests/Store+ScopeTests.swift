import StoreKernel
import StoreKernelTesting
import Testing

private struct Leaf: Reducer {
  struct State: Equatable {
    var value = 0
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case addLater(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.value += amount
      return .none
    case .addLater(let amount):
      return .run { send in await send(.add(amount)) }
    }
  }
}

private struct Branch: Reducer {
  struct State: Equatable {
    var leaf = Leaf.State()
    var label = ""
  }

  enum Action: Equatable, Sendable {
    case leaf(Leaf.Action)
    case rename(String)

    static let leafPath = ActionPath<Action, Leaf.Action>(
      embed: Action.leaf,
      extract: { if case .leaf(let action) = $0 { action } else { nil } })
  }

  var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \State.leaf, action: Action.leafPath) { Leaf() }
      Reduce<State, Action> { state, action in
        if case .rename(let label) = action { state.label = label }
        return .none
      }
    }
  }
}

private struct Root: Reducer {
  struct State: Equatable {
    var branch = Branch.State()
    var other = 0
  }

  enum Action: Equatable, Sendable {
    case branch(Branch.Action)
    case bumpOther

    static let branchPath = ActionPath<Action, Branch.Action>(
      embed: Action.branch,
      extract: { if case .branch(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .branch(let action):
      return Branch().reduce(into: &state.branch, action: action).map(Action.branch)
    case .bumpOther:
      state.other += 1
      return .none
    }
  }
}

@MainActor
@Suite struct StoreScopeTests {
  private let root: Store<Root.State, Root.Action>

  init() {
    root = Store(initialState: Root.State(), reducer: Root(), name: "Root")
  }

  @Test func childReadsItsStateThroughTheParent() {
    let branch = root.scope(state: { $0.branch }, action: Root.Action.branch)
    root.send(.branch(.leaf(.add(3))))
    #expect(branch.state.leaf.value == 3)
    #expect(branch.leaf.value == 3)
  }

  @Test func childSendsThroughTheParent() {
    let branch = root.scope(state: { $0.branch }, action: Root.Action.branch)
    branch.send(.rename("tree"))
    branch.send(.leaf(.add(2)))
    #expect(root.branch.label == "tree")
    #expect(root.branch.leaf.value == 2)
  }

  @Test func grandchildReadsAndSendsThroughBothLevels() {
    let branch = root.scope(state: \.branch, action: Root.Action.branchPath)
    let leaf = branch.scope(state: \.leaf, action: Branch.Action.leafPath)
    leaf.send(.add(5))
    root.send(.branch(.leaf(.add(1))))
    #expect(leaf.value == 6)
    #expect(root.branch.leaf.value == 6)
  }

  @Test func aForwardedSendCountsAsAnActionAtEveryLevelAndOneReducerRun() {
    let branch = root.scope(state: \.branch, action: Root.Action.branchPath)
    let leaf = branch.scope(state: \.leaf, action: Branch.Action.leafPath)

    leaf.send(.add(1))

    #expect(leaf.events.actionsReceived == 1)
    #expect(branch.events.actionsReceived == 1)
    #expect(root.events.actionsReceived == 1)
    #expect(leaf.events.reducerRuns == 0)
    #expect(branch.events.reducerRuns == 0)
    #expect(root.events.reducerRuns == 1)
  }

  @Test func aBatchSentThroughAGrandchildReachesTheRootAsOneBatch() {
    let branch = root.scope(state: \.branch, action: Root.Action.branchPath)
    let leaf = branch.scope(state: \.leaf, action: Branch.Action.leafPath)
    var seen: [Int] = []
    let token = root.observe(\.branch.leaf.value) { seen.append($0) }

    leaf.send(contentsOf: [.add(1), .add(2), .add(3)])

    #expect(root.branch.leaf.value == 6)
    #expect(seen == [0, 6])
    #expect(leaf.events.actionsReceived == 3)
    #expect(branch.events.actionsReceived == 3)
    #expect(root.events.actionsReceived == 3)
    #expect(root.events.reducerRuns == 3)
    token.cancel()
  }

  @Test func eachReadDerivesTheStateOnceAtEveryScopedLevel() {
    let branch = root.scope(state: \.branch, action: Root.Action.branchPath)
    let leaf = branch.scope(state: \.leaf, action: Branch.Action.leafPath)

    _ = branch.state
    #expect(branch.events.stateDerivations == 1)

    _ = leaf.state
    _ = leaf.value
    #expect(leaf.events.stateDerivations == 2)
    #expect(branch.events.stateDerivations == 3)
    #expect(root.events.stateDerivations == 0)
  }

  @Test func readingTheRootStateDerivesNothing() {
    _ = root.state
    _ = root.other
    #expect(root.events.stateDerivations == 0)
  }

  @Test func childNamesDefaultToTheParentAndStateType() {
    let branch = root.scope(state: \.branch, action: Root.Action.branchPath)
    let named = root.scope(state: \.branch, action: Root.Action.branchPath, name: "Tree")
    #expect(branch.name == "Root/State")
    #expect(named.name == "Tree")
  }

  @Test func childSharesTheParentsActorAndEffects() async {
    let branch = root.scope(state: \.branch, action: Root.Action.branchPath)
    #expect(branch.isolation === root.isolation)

    let task = branch.send(.leaf(.addLater(4)))
    #expect(!task.isEmpty)
    #expect(branch.runningEffectCount == root.runningEffectCount)

    await branch.finishEffects()
    #expect(root.branch.leaf.value == 4)
    #expect(branch.runningEffectCount == 0)
    #expect(root.events.effectsFinished == 1)
  }

  @Test func childKeepsItsParentAlive() async {
    var parent: Store<Root.State, Root.Action>? = Store(
      initialState: Root.State(), reducer: Root())
    let branch = parent?.scope(state: \.branch, action: Root.Action.branchPath)
    weak let weakParent = parent
    parent = nil

    #expect(weakParent != nil)
    branch?.send(.leaf(.addLater(2)))
    await branch?.finishEffects()
    #expect(branch?.leaf.value == 2)
  }

  @Test func aChildScopedWithAChangeKeyIsDerivedOnlyWhenTheKeyChanges() {
    // The branch's part of the state changes with `label` and `leaf.value`; the key is their
    // pair, as a version would be.
    let branch = root.scope(
      state: { $0.branch }, action: Root.Action.branch,
      changesWith: { BranchKey(label: $0.branch.label, value: $0.branch.leaf.value) })
    var seen: [String] = []
    let token = branch.observe(\.label) { seen.append($0) }
    let derivations = branch.events.stateDerivations

    for _ in 0..<5 { root.send(.bumpOther) }
    // Nothing of the branch changed: no derivation at all, no notification.
    #expect(branch.events.stateDerivations == derivations)
    #expect(seen == [""])

    root.send(.branch(.rename("oak")))
    // Derived once from the root, then projected by the observer: two derivations.
    #expect(branch.events.stateDerivations == derivations + 2)
    #expect(seen == ["", "oak"])

    // Without a key, every batch derives the child again.
    let plain = root.scope(state: { $0.branch }, action: Root.Action.branch)
    let plainToken = plain.observe(\.label) { _ in }
    let plainDerivations = plain.events.stateDerivations
    for _ in 0..<5 { root.send(.bumpOther) }
    #expect(plain.events.stateDerivations == plainDerivations + 10)
    _ = (token, plainToken)
  }

  @Test func aChildScopedWithAVersionIsSkippedByTheRootUntilTheVersionGrows() {
    let version = StateVersion()
    let branch = root.scope(
      state: { $0.branch }, action: Root.Action.branch, name: "branch", version: version)
    // A scope further in is gated by the same version.
    let leaf = branch.scope(state: \.leaf, action: Branch.Action.leafPath)
    var labels: [String] = []
    var values: [Int] = []
    let tokens = [
      branch.observe(\.label) { labels.append($0) }, leaf.observe(\.value) { values.append($0) },
    ]
    let derivations = (branch.events.stateDerivations, leaf.events.stateDerivations)

    for _ in 0..<5 { root.send(.bumpOther) }
    // The version did not grow: neither observer was called, so nothing was derived.
    #expect(branch.events.stateDerivations == derivations.0)
    #expect(leaf.events.stateDerivations == derivations.1)

    // The version is the contract: a change it does not count is not seen.
    root.send(.branch(.rename("oak")))
    #expect(labels == [""])

    // Its owner bumps it with the change (here, after it): the next pass sees the state.
    version.bump()
    root.send(.branch(.leaf(.add(2))))
    #expect(labels == ["", "oak"])
    #expect(values == [0, 2])
    // Once per observer, as for any observer whose part changed.
    #expect(branch.events.stateDerivations > derivations.0)
    let seen = (branch.events.stateDerivations, leaf.events.stateDerivations)
    root.send(.bumpOther)
    #expect(branch.events.stateDerivations == seen.0)
    #expect(leaf.events.stateDerivations == seen.1)
    _ = tokens
  }

  @Test func theGateOfTheInnermostVersionedScopeWins() {
    let outer = StateVersion()
    let inner = StateVersion()
    let branch = root.scope(
      state: { $0.branch }, action: Root.Action.branch, name: "branch", version: outer)
    let leaf = branch.scope(
      state: { $0.leaf }, action: Branch.Action.leafPath.embed, name: "leaf", version: inner)
    var values: [Int] = []
    let token = leaf.observe(\.value) { values.append($0) }
    let derivations = leaf.events.stateDerivations

    // The outer part changed, the leaf did not: the leaf's observer is not called.
    root.send(.branch(.rename("oak")))
    outer.bump()
    root.send(.bumpOther)
    #expect(leaf.events.stateDerivations == derivations)

    root.send(.branch(.leaf(.add(4))))
    inner.bump()
    root.send(.bumpOther)
    #expect(values == [0, 4])
    _ = token
  }
}

private struct BranchKey: Equatable {
  var label: String
  var value: Int
}
