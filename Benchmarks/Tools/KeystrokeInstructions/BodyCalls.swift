// A reducer's `body` against the same reducers run from `reduce`, called directly: the
// instructions it takes to build a body for every action. The reducers are KernelFixtures'
// (BodyReducers.swift), the ones StoreKernelBenchmarks' "Reducer: …" benchmarks time.
//
// Run (from Benchmarks/), for MODE in reduce-trivial, body-trivial, reduce-composed,
// body-composed:
//     valgrind --tool=callgrind .build/release/KeystrokeInstructions MODE 100000   # and 1000

import KernelFixtures
import StoreKernel

/// `calls` calls of a trivial reducer's `reduce`, or of one written as a body.
func callTrivialReducer(_ calls: Int, body: Bool) {
  var count = 0
  if body {
    let reducer = BodyCounter()
    for _ in 0..<calls { sink(reducer.reduce(into: &count, action: .increment)) }
  } else {
    let reducer = Counter()
    for _ in 0..<calls { sink(reducer.reduce(into: &count, action: .increment)) }
  }
  precondition(count == calls)
}

/// `calls` calls of `Scope` + `Reduce` + `ifLet`, composed once or in a body; the actions go
/// to the child, the optional child and the parent in turn.
func callComposedReducer(_ calls: Int, body: Bool) {
  if body {
    callComposed(ComposedBody(), calls)
  } else {
    callComposed(ComposedOnce(), calls)
  }
}

private func callComposed<R: Reducer<ComposedState, ComposedAction>>(_ reducer: R, _ calls: Int) {
  var state = ComposedState()
  let actions: [ComposedAction] = [.child(.increment), .optional(.increment), .tap]
  for index in 0..<calls { sink(reducer.reduce(into: &state, action: actions[index % 3])) }
  precondition(state.parentRuns == calls)
}
