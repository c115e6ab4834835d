import Benchmark
import FeatureBridge
import Observation
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
    await feature.untilDelivered(1)

    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if throughSender {
        sender.send(value)
      } else {
        continuation.yield(value)
      }
    }
    await feature.untilDelivered(benchmark.scaledIterations.count + 1)
    benchmark.stopMeasurement()

    precondition(viewStore.peek(\.self) == benchmark.scaledIterations.count + 1)

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
    let (feature, _) = CountingFeature.start(inputs: inputs)
    continuation.yield(0)
    await feature.untilDelivered(1)

    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      continuation.yield(value)
      await feature.untilDelivered(value + 2)
    }
    benchmark.stopMeasurement()

    precondition(feature.metrics.inputsDelivered == benchmark.scaledIterations.count + 1)
    continuation.finish()
    await feature.stop()
  }

  /// Outputs per second to a host on the same actor, through the `outputs` stream:
  /// `scaledIterations` view actions, each of which makes the reducer emit one delegate
  /// action; the host drains the stream until it has received them all.
  func emitOutputsThroughTheStream(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let (feature, viewStore) = CountingFeature.start()
    let outputs = feature.outputs
    let expected = benchmark.scaledIterations.count
    var received = 0

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      viewStore.send(.emit)
    }
    for await output in outputs {
      blackHole(output)
      received += 1
      if received == expected { break }
    }
    benchmark.stopMeasurement()

    precondition(received == expected && feature.metrics.outputsEmitted == expected)
    await feature.stop()
  }

  /// The same outputs through the direct path: a handler (`onOutput`) the feature calls on
  /// this actor as it emits, with no stream element or task in between.
  func emitOutputsDirectly(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let (feature, viewStore) = CountingFeature.start()
    let expected = benchmark.scaledIterations.count
    var received = 0
    feature.onOutput { output in
      blackHole(output)
      received &+= 1
    }

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      viewStore.send(.emit)
    }
    benchmark.stopMeasurement()

    precondition(received == expected && feature.metrics.outputsEmitted == expected)
    await feature.stop()
  }

  /// A keystroke through a feature's boundary: the view sends a view action through its view
  /// store, the reducer appends the character, and the view store compares the one property
  /// the view read (a revision). Keys typed between two draws of the view: the view store
  /// tells Observation about the first change only, as nobody can be tracking after it.
  func typeThroughTheBoundary(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "Typing", initialState: TypingState(), reducer: TypingReducer())
    }.start()
    let viewStore = feature.viewStore(
      state: TypingState.self, viewAction: TypingAction.ViewAction.self)
    // What a render reads: tracked from now on.
    blackHole(viewStore.revision)

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      viewStore.send(.typed("a"))
    }
    benchmark.stopMeasurement()

    precondition(viewStore.revision == benchmark.scaledIterations.count)
    await feature.stop()
  }

  /// The same keystroke through the view store when the view reads its property again after
  /// every key, as a view drawn once per key does: each change then tells Observation (between
  /// two reads, the view store tells it once).
  func typeThroughTheBoundaryReadingEachTime(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "Typing", initialState: TypingState(), reducer: TypingReducer())
    }.start()
    let viewStore = feature.viewStore(
      state: TypingState.self, viewAction: TypingAction.ViewAction.self)
    var revision = viewStore.revision

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      viewStore.send(.typed("a"))
      revision = viewStore.revision
    }
    benchmark.stopMeasurement()

    precondition(revision == benchmark.scaledIterations.count)
    await feature.stop()
  }

  /// The same keystroke sent to a plain store whose one observer watches the same revision:
  /// what the boundary's cost is measured against.
  func typeIntoAPlainStore(_ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let store = Store(initialState: TypingState(), reducer: TypingReducer())
    var seen = 0
    let token = store.observe(\.revision) { seen = $0 }

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.view(.typed("a")))
    }
    benchmark.stopMeasurement()

    precondition(seen == benchmark.scaledIterations.count)
    token.cancel()
  }

  /// The same keystroke sent to a plain store whose one observer, on a change of the revision,
  /// also tells Observation (`willSet`/`didSet` on a registrar, as the view store does): the
  /// plain store with the part of a view's cost that Observation itself adds.
  func typeIntoAPlainStoreTellingObservation(_ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let store = Store(initialState: TypingState(), reducer: TypingReducer())
    let model = RevisionModel()
    let token = store.observe(\.revision) { model.set($0) }

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.view(.typed("a")))
    }
    benchmark.stopMeasurement()

    precondition(model.revision == benchmark.scaledIterations.count)
    token.cancel()
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

}

/// An observable holder of a revision, changed the way a view store changes a tracked property.
final class RevisionModel: Observable {
  private let registrar = ObservationRegistrar()
  private(set) var revision = 0

  func set(_ newValue: Int) {
    registrar.willSet(self, keyPath: \RevisionModel.revision)
    revision = newValue
    registrar.didSet(self, keyPath: \RevisionModel.revision)
  }
}
