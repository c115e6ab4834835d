// A reducer written as a `body` (built again for every action, as in TCA) against the same
// reducers run from `reduce`, called directly on inout state: the cost of building the body.
//
// Run (from Benchmarks/):
//     swift package --disable-sandbox benchmark --target StoreKernelBenchmarks \
//       --filter "Reducer: .*"
//
// Used by docs/performance.md.

import Benchmark
import KernelFixtures
import StoreKernel

/// Registers the body benchmarks with the `fast` configuration (1,000,000 calls an iteration).
func bodyBenchmarks(_ fast: Benchmark.Configuration) {
  Benchmark("Reducer: trivial, reduce", configuration: fast) { benchmark in
    var count = 0
    let reducer = Counter()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { sink(reducer.reduce(into: &count, action: .increment)) }
    benchmark.stopMeasurement()
    precondition(count == benchmark.scaledIterations.count)
  }

  Benchmark("Reducer: trivial, body", configuration: fast) { benchmark in
    var count = 0
    let reducer = BodyCounter()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { sink(reducer.reduce(into: &count, action: .increment)) }
    benchmark.stopMeasurement()
    precondition(count == benchmark.scaledIterations.count)
  }

  Benchmark("Reducer: Scope + Reduce + ifLet, composed once, reduce", configuration: fast) {
    benchmark in
    composedCalls(ComposedOnce(), benchmark)
  }

  Benchmark("Reducer: Scope + Reduce + ifLet, body", configuration: fast) { benchmark in
    composedCalls(ComposedBody(), benchmark)
  }
}

/// Sends a child action, an optional child's action and the parent's own in turn.
private func composedCalls<R: Reducer<ComposedState, ComposedAction>>(
  _ reducer: R, _ benchmark: Benchmark
) {
  var state = ComposedState()
  let actions: [ComposedAction] = [.child(.increment), .optional(.increment), .tap]
  benchmark.startMeasurement()
  for index in benchmark.scaledIterations {
    sink(reducer.reduce(into: &state, action: actions[index % 3]))
  }
  benchmark.stopMeasurement()
  precondition(state.parentRuns == benchmark.scaledIterations.count)
}
