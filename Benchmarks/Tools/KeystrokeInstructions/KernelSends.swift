// The kernel's own hot paths, bare, for instruction counts under callgrind: a send into a store
// scoped ten levels below its root, a root send whose reducer reads a dependency, and a send
// seen by a hundred observers (one changed). They cover every place the kernel lends a
// reference without a retain or skips an exclusivity check (the store's source, the ancestors'
// counters, the reducer's dependency slot, the observer pass and each observer's last value).
// The domains are StoreKernelBenchmarks' own (Fixtures.swift is its file, linked here, and
// `Counter` is KernelFixtures'), so the counts are those of the benchmarks' loops.
//
// Run (from Benchmarks/), for MODE in scoped10, dependency, dependency-key, dependency-body,
// dependency-key-body, fanout100:
//     valgrind --tool=callgrind .build/release/KeystrokeInstructions MODE 100000   # and 1000

import KernelFixtures
import StoreKernel

/// `keys` sends into a store scoped ten levels below its root.
@MainActor func sendThroughTenScopes(_ keys: Int) {
  let root = Store(initialState: 0, reducer: Counter())
  var leaf = root
  for _ in 0..<10 { leaf = leaf.scope(state: { $0 }, action: { $0 }) }
  for _ in 0..<keys { sink(leaf.send(.increment)) }
  precondition(root.state == keys)
}

/// `keys` root sends whose reducer reads a dependency.
@MainActor func sendReadingADependency(_ keys: Int) {
  let store = Store(initialState: 0, reducer: SteppingCounter()) { $0.step = 2 }
  for _ in 0..<keys { sink(store.send(.increment)) }
  precondition(store.state == 2 * keys)
}

/// Adds `step` on every action, read through its key type: TCA's `@Dependency(StepKey.self)`.
struct SteppingByKey: Reducer {
  @Dependency(StepKey.self) var step

  func reduce(into count: inout Int, action: CounterAction) -> Effect<CounterAction> {
    count &+= step
    return .none
  }
}

/// A body that makes its dependency-reading child on every action, as a TCA body does: the
/// child's `@Dependency` is made each time, by key path or by key type.
struct SteppingInABody: Reducer {
  typealias State = Int
  typealias Action = CounterAction
  let byKey: Bool

  var body: some ReducerOf<Self> {
    if byKey {
      SteppingByKey()
    } else {
      SteppingCounter()
    }
  }
}

/// `keys` root sends whose reducer reads a dependency by its key type; with `inABody`, the
/// reducer is made again for each action inside a body (`byKey: false` there reads by key
/// path, for the comparison).
@MainActor func sendReadingADependencyByKey(_ keys: Int, inABody: Bool, byKey: Bool = true) {
  if inABody {
    sendSteps(SteppingInABody(byKey: byKey), keys)
  } else {
    sendSteps(SteppingByKey(), keys)
  }
}

/// `keys` root sends into a store of `reducer`, whose dependency `step` is 2.
@MainActor func sendSteps<R: Reducer>(_ reducer: R, _ keys: Int)
where R.State == Int, R.Action == CounterAction {
  let store = Store(initialState: 0, reducer: reducer) { $0.step = 2 }
  for _ in 0..<keys { sink(store.send(.increment)) }
  precondition(store.state == 2 * keys)
}

/// `keys` sends into a store with a hundred observers, each on another field; one changes.
@MainActor func sendToAHundredObservers(_ keys: Int) {
  let store = Store(initialState: Fields(count: 100), reducer: FieldBumper())
  var calls = 0
  let tokens = (0..<100).map { field in store.observe({ $0.values[field] }) { _ in calls &+= 1 } }
  calls = 0
  for _ in 0..<keys { sink(store.send(.bump(field: 0))) }
  precondition(calls == keys)
  for token in tokens { token.cancel() }
}
