// Cost of isolation hops in Swift Concurrency.
//
// Every benchmark reports the cost of ONE operation: the inner loop runs
// `benchmark.scaledIterations` times and the scaling factor divides the totals
// (rows marked `*` in the benchmark output).
//
// How the harness runs an async benchmark (ordo-one/benchmark 1.38.1,
// `Benchmark.runAsync`): the closure runs in a plain, nonisolated `Task` on the
// global concurrent executor, while the runner blocks one other thread on a
// semaphore. The main thread sits in the main queue's drain loop, so the main
// actor is idle and free for the main-actor benchmarks below.
//
// Benchmarks that need the main actor or a custom actor enter it once per
// iteration and loop inside it, and start/stop the measurement from inside, so
// the entry hop is not counted.
//
// Used by docs/decisions/0001-store-isolation.md.

import Benchmark
import ShortMode

// MARK: - Helpers

/// Lets the (non-Sendable) `Benchmark` handle be used from inside the actor a
/// benchmark hops to. Sound here because the benchmark closure is suspended,
/// waiting for that actor, whenever the handle is used there.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
}

/// A custom actor: what a terminal or server host gives its stores.
actor Host {
  private var state = 0
  /// A non-Sendable object confined to this actor, the way a `Store` is.
  private let store = MiniStore()

  func bump() -> Int {
    state &+= 1
    return state
  }

  func deliver(_ action: Int) {
    state &+= action
  }

  /// Baseline: synchronous calls into an object through an `isolated`
  /// parameter, while already running on this actor (no hop at all).
  func sendSynchronously(_ count: Int) -> Int {
    for action in 0..<count {
      deliverSynchronously(to: self, action)
    }
    return store.state
  }

  fileprivate func send(_ action: Int) {
    store.send(action)
  }

  /// Effect round trip: from this actor, run an effect as a plain `Task` on
  /// the global executor; the effect hops back here to deliver its action.
  func effectRoundTrips(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let effect = runEffect { [self] in await self.deliver(1) }
      await effect.value
    }
    benchmark.stopMeasurement()
    blackHole(state)
  }

  /// Drain an already-filled stream while isolated to this actor.
  func drain(_ stream: AsyncStream<Int>, _ box: UncheckedBox<Benchmark>) async {
    box.value.startMeasurement()
    var sum = 0
    for await value in stream {
      sum &+= value
    }
    box.value.stopMeasurement()
    blackHole(sum)
  }

  /// Consumer loop for the ping and streaming benchmarks.
  func consume(_ stream: AsyncStream<Int>, ack: AsyncStream<Int>.Continuation?) async {
    for await value in stream {
      state &+= value
      ack?.yield(value)
    }
    ack?.finish()
  }
}

/// Stand-in for a `Store`: a non-Sendable class whose `send` is synchronous.
final class MiniStore {
  var state = 0

  @inline(never)
  func send(_ action: Int) {
    state &+= action
  }
}

@inline(never)
func deliverSynchronously(to host: isolated Host, _ action: Int) {
  host.send(action)
}

/// Spawns a plain `Task` from a synchronous nonisolated context: it inherits no
/// actor and runs on the global concurrent executor, as a store's effects do.
@inline(never)
func runEffect(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
  Task { await body() }
}

@MainActor var mainActorSink = 0

@MainActor
func mainActorYields(_ box: UncheckedBox<Benchmark>) async {
  let benchmark = box.value
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    await Task.yield()
  }
  benchmark.stopMeasurement()
}

@MainActor
func mainActorSpawnAndAwait(_ box: UncheckedBox<Benchmark>) async {
  let benchmark = box.value
  benchmark.startMeasurement()
  for index in benchmark.scaledIterations {
    // Spawned from the main actor, so the task inherits the main actor.
    let task = Task { index &+ 1 }
    blackHole(await task.value)
  }
  benchmark.stopMeasurement()
}

@MainActor
func mainActorEffectRoundTrips(_ box: UncheckedBox<Benchmark>) async {
  let benchmark = box.value
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    let effect = runEffect {
      await MainActor.run { mainActorSink &+= 1 }
    }
    await effect.value
  }
  benchmark.stopMeasurement()
  blackHole(mainActorSink)
}

@MainActor
func mainActorDrain(_ stream: AsyncStream<Int>, _ box: UncheckedBox<Benchmark>) async {
  box.value.startMeasurement()
  var sum = 0
  for await value in stream {
    sum &+= value
  }
  box.value.stopMeasurement()
  blackHole(sum)
}

@MainActor
func mainActorConsume(_ stream: AsyncStream<Int>, ack: AsyncStream<Int>.Continuation?) async {
  for await value in stream {
    mainActorSink &+= value
    ack?.yield(value)
  }
  ack?.finish()
}

/// A stream already holding `count` elements, finished.
func filledStream(_ count: Int) -> AsyncStream<Int> {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
  for value in 0..<count {
    continuation.yield(value)
  }
  continuation.finish()
  return stream
}

enum Consumer: String {
  case nonisolated, mainActor = "main actor", customActor = "custom actor"
}

/// Starts the consumer of `stream` on the requested isolation.
func startConsumer(
  _ consumer: Consumer,
  _ stream: AsyncStream<Int>,
  ack: AsyncStream<Int>.Continuation?,
  host: Host
) -> Task<Void, Never> {
  switch consumer {
  case .nonisolated:
    return Task {
      for await value in stream {
        blackHole(value)
        ack?.yield(value)
      }
      ack?.finish()
    }
  case .mainActor:
    return Task { await mainActorConsume(stream, ack: ack) }
  case .customActor:
    return Task { await host.consume(stream, ack: ack) }
  }
}

/// Ping: the producer yields one element, then waits for the consumer's
/// acknowledgement before yielding the next, so the consumer is suspended
/// (waiting) every time an element arrives. One element = one full round trip
/// (producer -> consumer -> producer).
func ping(_ benchmark: Benchmark, consumer: Consumer, host: Host) async {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  let (acks, ackContinuation) = AsyncStream.makeStream(of: Int.self)
  let consumerTask = startConsumer(consumer, stream, ack: ackContinuation, host: host)
  var ackIterator = acks.makeAsyncIterator()
  // Warm the pair up so the consumer is running and suspended before measuring.
  continuation.yield(0)
  blackHole(await ackIterator.next())

  benchmark.startMeasurement()
  for value in benchmark.scaledIterations {
    continuation.yield(value)
    blackHole(await ackIterator.next())
  }
  benchmark.stopMeasurement()

  continuation.finish()
  await consumerTask.value
}

/// Streaming: the producer yields every element as fast as it can while the
/// consumer drains concurrently (elements get buffered; no acknowledgement).
/// Measures sustained elements per second into a consumer on that isolation.
func stream(_ benchmark: Benchmark, consumer: Consumer, host: Host) async {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
  benchmark.startMeasurement()
  let consumerTask = startConsumer(consumer, stream, ack: nil, host: host)
  for value in benchmark.scaledIterations {
    continuation.yield(value)
  }
  continuation.finish()
  await consumerTask.value
  benchmark.stopMeasurement()
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
  ShortMode.applyToDefaults()
  let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

  // ~µs operations: 1,000 per iteration. ~ns operations: 1,000,000 per iteration.
  let slow = Benchmark.Configuration(
    metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))
  let fast = Benchmark.Configuration(
    metrics: metrics, scalingFactor: .mega, maxDuration: .seconds(2))

  let host = Host()

  // MARK: Main actor

  Benchmark("MainActor: await Task.yield()", configuration: slow) { benchmark in
    await mainActorYields(UncheckedBox(value: benchmark))
  }

  Benchmark("MainActor: spawn + await @MainActor Task {}", configuration: slow) { benchmark in
    await mainActorSpawnAndAwait(UncheckedBox(value: benchmark))
  }

  Benchmark("Nonisolated: await MainActor.run {} round trip", configuration: slow) { benchmark in
    for _ in benchmark.scaledIterations {
      await MainActor.run { mainActorSink &+= 1 }
    }
  }

  Benchmark(
    "MainActor: effect round trip (Task off-actor, MainActor.run back)", configuration: slow
  ) { benchmark in
    await mainActorEffectRoundTrips(UncheckedBox(value: benchmark))
  }

  // MARK: Custom actor

  Benchmark("Nonisolated: await customActor.method() (uncontended)", configuration: fast) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(await host.bump())
    }
  }

  Benchmark("CustomActor: sync call via isolated parameter (baseline)", configuration: fast) {
    benchmark in
    blackHole(await host.sendSynchronously(benchmark.scaledIterations.count))
  }

  Benchmark("CustomActor: effect round trip (Task off-actor, call back in)", configuration: slow) {
    benchmark in
    await host.effectRoundTrips(UncheckedBox(value: benchmark))
  }

  // MARK: Plain tasks

  Benchmark("Nonisolated: spawn + await plain Task {}", configuration: slow) { benchmark in
    for index in benchmark.scaledIterations {
      let task = Task { index &+ 1 }
      blackHole(await task.value)
    }
  }

  // MARK: AsyncStream

  // Drain a stream that already holds scaledIterations (1,000) elements; per element.
  Benchmark("AsyncStream drain pre-filled, nonisolated (per element)", configuration: slow) {
    benchmark in
    let stream = filledStream(benchmark.scaledIterations.count)
    benchmark.startMeasurement()
    var sum = 0
    for await value in stream {
      sum &+= value
    }
    benchmark.stopMeasurement()
    blackHole(sum)
  }

  Benchmark("AsyncStream drain pre-filled, main actor (per element)", configuration: slow) {
    benchmark in
    await mainActorDrain(
      filledStream(benchmark.scaledIterations.count), UncheckedBox(value: benchmark))
  }

  Benchmark("AsyncStream drain pre-filled, custom actor (per element)", configuration: slow) {
    benchmark in
    await host.drain(filledStream(benchmark.scaledIterations.count), UncheckedBox(value: benchmark))
  }

  for consumer in [Consumer.nonisolated, .mainActor, .customActor] {
    Benchmark(
      "AsyncStream ping to suspended consumer, \(consumer.rawValue) (per element)",
      configuration: slow
    ) {
      benchmark in
      await ping(benchmark, consumer: consumer, host: host)
    }
  }

  for consumer in [Consumer.nonisolated, .mainActor, .customActor] {
    Benchmark(
      "AsyncStream streaming to \(consumer.rawValue) consumer (per element)", configuration: slow
    ) {
      benchmark in
      await stream(benchmark, consumer: consumer, host: host)
    }
  }
}
