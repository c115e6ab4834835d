// Hot paths of the StoreKernel runtime, on a custom actor.
//
// Every benchmark reports the cost of ONE operation: the inner loop runs
// `benchmark.scaledIterations` times and the scaling factor divides the totals (rows marked `*`
// in the benchmark output). Stores must be created on an actor (they capture `#isolation`), so
// each benchmark enters `StoreHost` once per iteration and measures from inside it; the entry
// hop is not counted. See IsolationCosts.swift for how the harness runs async benchmarks.
//
// Run (from Benchmarks/):
//     swift package --disable-sandbox benchmark --target StoreKernelBenchmarks
//
// Used by docs/performance.md.

import Benchmark
import ShortMode

let benchmarks: @Sendable () -> Void = {
  ShortMode.applyToDefaults()
  let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

  // ~ns operations: 1,000,000 per iteration. Everything that goes through a store: 1,000 per
  // iteration. On this machine a store send is 0.2–1.4 µs, so 1,000,000 per iteration would
  // leave the 10-level scoped send with two samples in `maxDuration`; 1,000 gives hundreds.
  // Times are always printed in nanoseconds, so runs compare at a glance.
  let fast = Benchmark.Configuration(
    metrics: metrics, timeUnits: .nanoseconds, scalingFactor: .mega, maxDuration: .seconds(2))
  let slow = Benchmark.Configuration(
    metrics: metrics, timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(2))

  let host = StoreHost()

  Benchmark("Baseline: reducer called directly on inout state", configuration: fast) {
    benchmark in
    await host.directReducerCalls(UncheckedBox(value: benchmark))
  }

  Benchmark("Store: root send, trivial reducer", configuration: slow) { benchmark in
    await host.sends(depth: 0, UncheckedBox(value: benchmark))
  }

  Benchmark("Store: root send, reducer reads a dependency", configuration: slow) { benchmark in
    await host.sendsReadingADependency(UncheckedBox(value: benchmark))
  }

  for depth in [1, 5, 10] {
    Benchmark("Store: scoped send, \(depth) level(s) deep", configuration: slow) { benchmark in
      await host.sends(depth: depth, UncheckedBox(value: benchmark))
    }
  }

  Benchmark("Store: effect round trip (send, .run, send back, finish)", configuration: slow) {
    benchmark in
    await host.effectRoundTrips(UncheckedBox(value: benchmark))
  }

  // A body built again for every action, against the same reducers run from `reduce`.
  bodyBenchmarks(fast)

  casePathBenchmarks(fast: fast, slow: slow)

  // Stack pushes and pops, and updates by id: values at the `fast` count, stores at `slow`.
  navigationBenchmarks(host: host, values: fast, stores: slow)

  for observers in [1, 100] {
    Benchmark(
      "Store: observation fan-out, \(observers) observer(s), 1 changed", configuration: slow
    ) { benchmark in
      await host.observationFanOut(observers: observers, UncheckedBox(value: benchmark))
    }
  }
}
