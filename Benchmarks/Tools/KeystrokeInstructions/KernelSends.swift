// The kernel's own hot paths, bare, for instruction counts under callgrind: a send into a store
// scoped ten levels below its root, a root send whose reducer reads a dependency, and a send
// seen by a hundred observers (one changed). They cover every place the kernel lends a
// reference without a retain or skips an exclusivity check (the store's source, the ancestors'
// counters, the reducer's dependency slot, the observer pass and each observer's last value).
//
// Run (from Benchmarks/), for MODE in scoped10, dependency, fanout100:
//     valgrind --tool=callgrind .build/release/KeystrokeInstructions MODE 100000   # and 1000

import StoreKernel

/// The trivial action of these loops.
enum Bump: Sendable {
  case bump
}

/// Adds one; no effect.
struct Bumper: Reducer {
  func reduce(into count: inout Int, action: Bump) -> Effect<Bump> {
    count &+= 1
    return .none
  }
}

/// How much each bump adds: a dependency the reducer reads on every action.
enum StepKey: DependencyKey {
  static let liveValue = 1
  static let testValue = 1
}

extension DependencyValues {
  var step: Int {
    get { self[StepKey.self] }
    set { self[StepKey.self] = newValue }
  }
}

/// Adds the `step` dependency on every action.
struct SteppingBumper: Reducer {
  @Dependency(\.step) var step

  func reduce(into count: inout Int, action: Bump) -> Effect<Bump> {
    count &+= step
    return .none
  }
}

/// `keys` sends into a store scoped ten levels below its root.
@MainActor func sendThroughTenScopes(_ keys: Int) {
  let root = Store(initialState: 0, reducer: Bumper())
  var leaf = root
  for _ in 0..<10 { leaf = leaf.scope(state: { $0 }, action: { $0 }) }
  for _ in 0..<keys { blackHole(leaf.send(.bump)) }
  precondition(root.state == keys)
}

/// `keys` root sends whose reducer reads a dependency.
@MainActor func sendReadingADependency(_ keys: Int) {
  let store = Store(initialState: 0, reducer: SteppingBumper()) { $0.step = 2 }
  for _ in 0..<keys { blackHole(store.send(.bump)) }
  precondition(store.state == 2 * keys)
}

/// `keys` sends into a store with a hundred observers, each on another field; one changes.
@MainActor func sendToAHundredObservers(_ keys: Int) {
  let store = Store(initialState: [Int](repeating: 0, count: 100), reducer: FieldZeroBumper())
  var calls = 0
  let tokens = (0..<100).map { field in store.observe({ $0[field] }) { _ in calls &+= 1 } }
  calls = 0
  for _ in 0..<keys { blackHole(store.send(.bump)) }
  precondition(calls == keys)
  for token in tokens { token.cancel() }
}

/// Adds one to the first field.
struct FieldZeroBumper: Reducer {
  func reduce(into fields: inout [Int], action: Bump) -> Effect<Bump> {
    fields[0] &+= 1
    return .none
  }
}
