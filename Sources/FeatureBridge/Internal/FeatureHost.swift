internal import StoreKernel
import Synchronization

/// Owns a running feature's store on the host's actor; everything the `Feature` handle does
/// goes through here.
final class FeatureHost<R: Reducer> where R.Action: BoundaryAction {
  typealias Input = R.Action.Input
  typealias Output = R.Action.Output

  private(set) var store: Store<R.State, R.Action>?
  let mailbox: InputMailbox<Input>
  let counters: BoundaryCounters
  let outputContinuation: AsyncStream<Output>.Continuation
  let registration: FeatureRegistry.Registration
  var pump: Task<Void, Never>?
  private let storeCounters: StoreMetrics
  private var isStopping = false

  init(
    store: Store<R.State, R.Action>,
    mailbox: InputMailbox<Input>,
    counters: BoundaryCounters,
    outputContinuation: AsyncStream<Output>.Continuation,
    registration: FeatureRegistry.Registration
  ) {
    self.store = store
    self.storeCounters = store.eventCounters
    self.mailbox = mailbox
    self.counters = counters
    self.outputContinuation = outputContinuation
    self.registration = registration
  }

  /// Delivers every waiting input as one batch: one action per input, one observer pass.
  func deliverPending() {
    let batch = mailbox.takeAll()
    guard !batch.isEmpty, let store else { return }
    counters.add(inputs: batch.count)
    store.send(contentsOf: batch.lazy.map { R.Action.input($0) })
  }

  var metrics: BoundaryMetrics {
    BoundaryMetrics(
      inputsDelivered: counters.inputsDelivered.load(ordering: .relaxed),
      outputsEmitted: counters.outputsEmitted.load(ordering: .relaxed),
      storeEvents: storeCounters.events)
  }

  var isRunning: Bool { store != nil }

  nonisolated(nonsending) func stop(drainInputs: Bool) async {
    // Two overlapping stops must not run the stop action twice.
    guard store != nil, !isStopping else { return }
    isStopping = true
    let pump = pump
    if drainInputs, let pump {
      await pump.value
    } else {
      pump?.cancel()
    }
    deliverPending()
    if let willStop = R.Action.willStop, let store {
      await store.send(willStop).finish()
    }
    stopNow()
    // A cancelled pump may be between two reads; the stream terminates at its next read. Its
    // end is the moment the host's `yield` starts returning `.terminated`.
    await pump?.value
  }

  func stopNow() {
    guard let store else { return }
    pump?.cancel()
    pump = nil
    store.cancelRunningEffects()
    self.store = nil
    outputContinuation.finish()
    registration.end()
  }
}

/// A weak reference to a feature host for the pump task, which runs off the host's actor.
final class FeatureHostReference<R: Reducer>: @unchecked Sendable where R.Action: BoundaryAction {
  // SAFETY: `host` is written once, in `init`, and only dereferenced inside
  // `onIsolation(host's actor)`, i.e. on the actor that owns the host and its store.
  weak var host: FeatureHost<R>?

  init(_ host: FeatureHost<R>) {
    self.host = host
  }
}
