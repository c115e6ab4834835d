import Benchmark
import Observation
import FeatureBridge
import StoreKernel

/// A custom actor, as a terminal or server host gives its features. Every feature below is
/// started inside one of its methods, so the feature's store lives on this actor.
///
/// Each method is entered once per benchmark iteration (one hop, not measured), starts and
/// warms its feature, then measures `scaledIterations` operations from inside: the harness
/// divides by the scaling factor, so every figure is the cost of one operation.
actor FeatureHostActor {
  /// Inputs per second end-to-end: `scaledIterations` inputs sent as fast as possible, either
  /// yielded into the feature's input continuation (the stream and its pump) or sent through its
  /// `InputSender` (straight into the mailbox); the measurement ends when the reducer has seen
  /// them all. The branch between the two is the same every time, so it costs nothing measurable.
  func deliverInputBurst(_ box: UncheckedBox<Benchmark>, throughSender: Bool) async {
    let benchmark = box.value
    let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
    let (feature, viewStore) = CountingFeature.start(inputs: inputs)
    let sender = feature.input
    continuation.yield(0)
    await waitUntil(viewStore, hasSeen: 1)

    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if throughSender {
        sender.send(value)
      } else {
        continuation.yield(value)
      }
    }
    await waitUntil(viewStore, hasSeen: benchmark.scaledIterations.count + 1)
    benchmark.stopMeasurement()

    precondition(feature.metrics.inputsDelivered == benchmark.scaledIterations.count + 1)
    continuation.finish()
    await feature.stop()
  }

  /// The floor under the stream path: the same burst through a bare `AsyncStream` into a
  /// detached task that only counts, with no feature, mailbox or store. The input stream of a
  /// feature cannot be faster than this.
  func drainBareStream(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
    let (done, doneContinuation) = AsyncStream.makeStream(of: Void.self)
    let total = benchmark.scaledIterations.count
    let consumer = Task.detached {
      var seen = 0
      for await value in inputs {
        blackHole(value)
        seen += 1
        if seen == total { doneContinuation.yield() }
      }
    }
    var signals = done.makeAsyncIterator()

    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      continuation.yield(value)
    }
    let finished: Void? = await signals.next(isolation: self)
    benchmark.stopMeasurement()

    precondition(finished != nil)
    continuation.finish()
    await consumer.value
  }

  /// Latency of one input into an idle feature: yield one input, wait until the reducer has
  /// seen it, repeat. Every input pays the whole path (pump, mailbox, delivery task, hop).
  func deliverSingleInputs(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
    let (feature, viewStore) = CountingFeature.start(inputs: inputs)
    continuation.yield(0)
    await waitUntil(viewStore, hasSeen: 1)

    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      continuation.yield(value)
      await waitUntil(viewStore, hasSeen: value + 2)
    }
    benchmark.stopMeasurement()

    precondition(feature.metrics.inputsDelivered == benchmark.scaledIterations.count + 1)
    continuation.finish()
    await feature.stop()
  }

  /// Outputs per second to a host on the same actor: `scaledIterations` view actions, each of
  /// which makes the reducer emit one delegate action; the host drains `feature.outputs` (as
  /// `Feature.route(into:)` does) until it has received them all.
  func emitOutputs(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
    let (feature, viewStore) = CountingFeature.start(inputs: inputs)
    let expected = benchmark.scaledIterations.count
    var received = 0

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      viewStore.send(.emit)
    }
    for await output in feature.outputs {
      blackHole(output)
      received += 1
      if received == expected { break }
    }
    benchmark.stopMeasurement()

    precondition(received == expected && feature.metrics.outputsEmitted == expected)
    continuation.finish()
    await feature.stop()
  }

  /// Creating a feature (its input stream, store, pump, view) and stopping it again.
  func startAndStopFeatures(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
      let (feature, _) = CountingFeature.start(inputs: inputs)
      await feature.stop()
      continuation.finish()
    }
    benchmark.stopMeasurement()

    precondition(FeatureRegistry.shared.liveFeatureCount == 0)
  }

  /// Suspends until the reducer has seen `target` inputs. Observation tells the waiting task
  /// when the count it read has changed, so nothing spins on the actor while the boundary works.
  private func waitUntil(
    _ viewStore: ViewStore<Int, CountingAction.ViewAction>, hasSeen target: Int
  ) async {
    while true {
      let (changes, change) = AsyncStream.makeStream(
        of: Void.self, bufferingPolicy: .bufferingNewest(1))
      let seen = withObservationTracking {
        viewStore[dynamicMember: \Int.self]
      } onChange: {
        change.yield()
      }
      if seen >= target { return }
      for await _ in changes { break }
    }
  }
}
