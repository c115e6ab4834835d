// Hot paths of the FeatureBridge boundary, for a feature started on a custom actor.
//
// Every benchmark reports the cost of ONE operation (one input, one output, one feature): the
// inner loop runs `benchmark.scaledIterations` times and the scaling factor divides the totals
// (rows marked `*` in the benchmark output). Each benchmark enters `FeatureHostActor` once per
// iteration and measures from inside it; the entry hop is not counted. See IsolationCosts.swift
// for how the harness runs async benchmarks.
//
// Run (from Benchmarks/):
//     swift package --disable-sandbox benchmark --target FeatureBridgeBenchmarks
//
// Used by docs/performance.md.

import Benchmark
import ShortMode

let benchmarks: @Sendable () -> Void = {
  ShortMode.applyToDefaults()
  let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

  // Every operation here is ~µs: 1,000 per iteration. Times are always printed in nanoseconds.
  let slow = Benchmark.Configuration(
    metrics: metrics, timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(2))

  let host = FeatureHostActor()

  Benchmark("Feature: inputs end-to-end, burst of 1,000 (per input)", configuration: slow) {
    benchmark in
    await host.deliverInputBurst(UncheckedBox(value: benchmark), throughSender: false)
  }

  Benchmark(
    "Feature: inputs end-to-end via InputSender, burst of 1,000 (per input)",
    configuration: slow
  ) { benchmark in
    await host.deliverInputBurst(UncheckedBox(value: benchmark), throughSender: true)
  }

  Benchmark(
    "Floor: bare AsyncStream, burst of 1,000 into a detached task (per element)",
    configuration: slow
  ) { benchmark in
    await host.drainBareStream(UncheckedBox(value: benchmark))
  }

  Benchmark("Feature: one input into an idle feature (per input)", configuration: slow) {
    benchmark in
    await host.deliverSingleInputs(UncheckedBox(value: benchmark))
  }

  Benchmark("Feature: outputs through the outputs stream (per output)", configuration: slow) {
    benchmark in
    await host.emitOutputsThroughTheStream(UncheckedBox(value: benchmark))
  }

  Benchmark("Feature: outputs through onOutput, direct (per output)", configuration: slow) {
    benchmark in
    await host.emitOutputsDirectly(UncheckedBox(value: benchmark))
  }

  Benchmark("Keystroke: view action through a feature's view store", configuration: slow) {
    benchmark in
    await host.typeThroughTheBoundary(UncheckedBox(value: benchmark))
  }

  Benchmark(
    "Keystroke: view action through a view store whose view reads it after every key",
    configuration: slow
  ) { benchmark in
    await host.typeThroughTheBoundaryReadingEachTime(UncheckedBox(value: benchmark))
  }

  Benchmark("Keystroke: the same action into a plain store", configuration: slow) {
    benchmark in
    await host.typeIntoAPlainStore(UncheckedBox(value: benchmark))
  }

  Benchmark(
    "Keystroke: the same action into a plain store whose observer tells Observation",
    configuration: slow
  ) { benchmark in
    await host.typeIntoAPlainStoreTellingObservation(UncheckedBox(value: benchmark))
  }

  Benchmark(
    "Keystroke: a view store whose view draws under tracking after every key, 200 features alive",
    configuration: slow
  ) { benchmark in
    await host.typeIntoAFeatureWhoseViewDrawsEachKey(UncheckedBox(value: benchmark))
  }

  Benchmark(
    "Keystroke: the same, the view reading the text tracked by its stamp, 200 features alive",
    configuration: slow
  ) { benchmark in
    await host.typeIntoAFeatureWhoseViewDrawsTheStampedTextEachKey(UncheckedBox(value: benchmark))
  }

  Benchmark(
    "Keystroke: the same view over a plain @Observable model, drawn after every key",
    configuration: slow
  ) { benchmark in
    await host.typeIntoAnObservableModelWhoseViewDrawsEachKey(
      UncheckedBox(value: benchmark), model: TypingModel())
  }

  Benchmark(
    "Keystroke: the same view over an @Observable model tracking the revision only",
    configuration: slow
  ) { benchmark in
    await host.typeIntoAnObservableModelWhoseViewDrawsEachKey(
      UncheckedBox(value: benchmark), model: RevisionOnlyTypingModel())
  }

  Benchmark("Feature: start + stop (per feature)", configuration: slow) { benchmark in
    await host.startAndStopFeatures(UncheckedBox(value: benchmark))
  }

  Benchmark("Presented: present + dismiss a feature (per pair)", configuration: slow) {
    benchmark in
    await host.presentAndDismiss(UncheckedBox(value: benchmark))
  }

  for depth in [10, 100, 1_000] {
    Benchmark(
      "Presented: push + pop on a stack of \(depth) features (per pair)", configuration: slow
    ) { benchmark in
      await host.pushAndPop(UncheckedBox(value: benchmark), depth: depth)
    }
  }
}
