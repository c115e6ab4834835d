public import StoreKernel
import Synchronization

/// Owns a running feature's store on the host's actor; everything the `FeatureHandle` handle does
/// goes through here.
///
/// What runs per input or per view (delivering inputs, making view stores) is reached through
/// the feature's ``FeatureOperations``, which run specialized for its reducer; the rest runs
/// once per feature and stays generic, out of line.
@usableFromInline
final class FeatureHost<R: Reducer>: RunningFeatureHost where R.Action: BoundaryAction {
  @usableFromInline typealias Input = R.Action.Input
  @usableFromInline typealias Output = R.Action.Output

  @usableFromInline private(set) var store: Store<R.State, R.Action>?
  @usableFromInline let mailbox: InputMailbox<Input>
  @usableFromInline let counters: BoundaryCounters
  let outputRoute: OutputRoute<Output>
  let registration: FeatureRegistry.Registration
  @usableFromInline var pump: Task<Void, Never>?
  private let storeCounters: StoreMetrics
  @usableFromInline var isStopping = false
  /// The batch being delivered; swapped with the mailbox's so steady traffic allocates nothing.
  @usableFromInline var batch: [Input?] = []
  /// The effects the delivered inputs started, those that have ended dropped as more come
  /// (`recordInputWork`): `settle` waits for the running ones. Nothing is taken out when a
  /// settle waits, so every host task that settles at once waits for all of them.
  @usableFromInline var inputWork: [StoreTask] = []
  /// How long `inputWork` may grow before the ended work is dropped.
  var inputWorkPruneThreshold = 16
  /// The work the start action started, when it ends by itself (`BoundaryAction.startWorkEnds`,
  /// a load): `settle` and `stop` wait for it, since the feature may hold inputs back until it
  /// has finished.
  @usableFromInline var startWork: StoreTask?

  /// The feature's name, for reports.
  let name: String
  /// The mark on the effects of a feature composed into the store that presents it (whose
  /// effects are all that store's), and on those of the features composed into it in turn;
  /// `nil` for a store of its own.
  @usableFromInline var effectMark: EffectMark?
  /// Composed into another store: the features it presents there in stores of their own, which
  /// its settle and stop reach (set by its entry among that store's running children).
  var presentedInStoresOfTheirOwn: PresentedInStoresOfTheirOwn?

  @usableFromInline
  init(
    name: String,
    store: Store<R.State, R.Action>,
    mailbox: InputMailbox<Input>,
    counters: BoundaryCounters,
    outputs: OutputRoute<Output>,
    registration: FeatureRegistry.Registration,
    operations: FeatureOperations<R>,
    endEffects: (() -> Void)? = nil
  ) {
    self.name = name
    self.operations = operations
    self.store = store
    self.storeCounters = store.eventCounters
    self.mailbox = mailbox
    self.counters = counters
    self.outputRoute = outputs
    self.registration = registration
    self.endEffects = endEffects
  }

  /// Ends the effects of a feature composed into the store that presents it (a store scoped
  /// to it cannot tell its effects from that store's); `nil` for a store of its own, whose
  /// running effects are all the feature's.
  let endEffects: (() -> Void)?

  /// The feature's specialized code: the methods here that are compiled once for every
  /// feature reach `deliverPending` and `makeViewStoreNow` through it, instead of their own,
  /// generic, copies, which would box every input on its way through.
  @usableFromInline let operations: FeatureOperations<R>

  /// ``deliverPending(upTo:)`` of every waiting input, specialized for the feature's types.
  @usableFromInline
  func deliverBatch() {
    _ = operations.deliverPending(self, .max)
  }

  /// The most inputs a scheduled delivery (one that a `put` asked for) hands the store in one
  /// batch. Producers on other threads may put inputs faster than the store handles them; a
  /// delivery that took them all would hold the actor for as long as they keep coming, and the
  /// host's own work on the actor (letting the feature go, say) would wait behind it. Bounded,
  /// each batch is a job of its own on the actor, behind whatever else is waiting.
  @inlinable
  static var scheduledBatchLimit: Int { 1024 }

  /// Delivers waiting inputs as one batch, the oldest `limit` or all of them: one action per
  /// input, one observer pass. Returns whether inputs are still waiting.
  @inlinable @discardableResult
  func deliverPending(upTo limit: Int = .max) -> Bool {
    let more = mailbox.take(upTo: limit, into: &batch)
    defer { batch.removeAll(keepingCapacity: true) }
    guard !batch.isEmpty, let store else { return false }
    // Replaced projections are `nil`. One non-capturing closure: composing lazy maps would
    // allocate a closure context per batch.
    var delivered = 0
    for case .some in batch { delivered += 1 }
    counters.add(inputs: delivered)
    let work = store.send(contentsOf: batch.lazy.compactMap { $0.map { R.Action.input($0) } })
    if !work.isEmpty { recordInputWork(work) }
    if !deliveryWaiters.isEmpty { wakeDeliveryWaiters(stopped: false) }
    return more
  }

  /// Hosts waiting until a number of inputs has been delivered.
  @usableFromInline var deliveryWaiters:
    [(count: Int, continuation: CheckedContinuation<Bool, Never>)] = []

  @usableFromInline
  func wakeDeliveryWaiters(stopped: Bool) {
    let delivered = counters.inputsDelivered.load(ordering: .relaxed)
    var waiting: [(count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    for waiter in deliveryWaiters {
      if waiter.count <= delivered || stopped {
        waiter.continuation.resume(returning: waiter.count <= delivered)
      } else {
        waiting.append(waiter)
      }
    }
    deliveryWaiters = waiting
  }

  @usableFromInline
  nonisolated(nonsending) func untilDelivered(_ count: Int) async -> Bool {
    deliverBatch()
    if counters.inputsDelivered.load(ordering: .relaxed) >= count { return true }
    guard store != nil else { return false }
    return await withCheckedContinuation { deliveryWaiters.append((count, $0)) }
  }

  @inlinable
  func deliverNow(_ input: Input) -> Bool {
    guard store != nil, !isStopping else { return false }
    if case .refused = mailbox.put(input) { return false }
    deliverPending()
    return true
  }

  /// Keeps `work` for `settle`, dropping the work that has ended, in amortized O(1): a host
  /// that never settles (it has no reason to) must not keep every effect its inputs ever
  /// started.
  @usableFromInline
  func recordInputWork(_ work: StoreTask) {
    if inputWork.count >= inputWorkPruneThreshold {
      inputWork.removeAll { !$0.isRunning }
      inputWorkPruneThreshold = Swift.max(16, inputWork.count * 2)
    }
    inputWork.append(work)
  }

  @usableFromInline
  nonisolated(nonsending) func settle() async {
    deliverBatch()
    // The effect would wait for itself: forever (FeatureHost+SelfWait.swift).
    if reportSettleWaitingForItself() { return }
    await finishStartWork()
    while true {
      deliverBatch()
      let running = inputWork.filter(\.isRunning)
      if running.isEmpty { break }
      for work in running { await work.finish() }
    }
    inputWork.removeAll()
    // The features it presents in stores of their own settle too, and what they emitted
    // reaches it. A feature composed into another store (`endEffects` set) presents into that
    // store: its composed children's work is part of its inputs' work, and of the store's
    // running children, it settles those it presents in stores of their own.
    if endEffects == nil, let presented = store?.runningChildren {
      await presented.settleAll()
    } else if let presented = presentedInStoresOfTheirOwn {
      await presented.settle()
    }
  }

  nonisolated(nonsending) func finishStartWork() async {
    guard let work = startWork else { return }
    await work.finish()
    startWork = nil
  }

  /// ``makeViewStoreNow()`` specialized for the feature's types (see ``operations``): a view
  /// store made in generic code would run its keystroke path generic.
  @usableFromInline
  func makeViewStore() -> AnyObject? {
    operations.makeViewStore(self)
  }

  @inlinable
  func makeViewStoreNow() -> AnyObject? {
    guard let store else {
      return finalState.map { ViewStore<R.State, R.Action.ViewAction>(finalState: $0) }
    }
    let viewStore = ViewStore<R.State, R.Action.ViewAction>(store)
    // The view stores still in use, to end when the feature stops (a view store's storage
    // holds the store strongly). The storage of one that is gone is dropped.
    viewStoreConnections.removeAll { $0.viewStoreIsGone }
    viewStoreConnections.append(viewStore.storage)
    return viewStore
  }

  /// The storage of each view store made so far, which holds the store (see
  /// ``makeViewStoreNow()``).
  @usableFromInline var viewStoreConnections: [ViewStoreStorage<R.State, R.Action.ViewAction>] =
    []

  /// The store's last state, once the feature has stopped: a view built afterwards shows it.
  @usableFromInline var finalState: R.State?

  @usableFromInline
  var metrics: BoundaryMetrics {
    BoundaryMetrics(
      inputsDelivered: counters.inputsDelivered.load(ordering: .relaxed),
      outputsEmitted: counters.outputsEmitted.load(ordering: .relaxed),
      storeEvents: storeCounters.events)
  }

  @usableFromInline
  var isRunning: Bool { store != nil }

  @usableFromInline
  var bookkeeping: FeatureBookkeeping {
    FeatureBookkeeping(
      inputWork: inputWork.count, storeObservers: store?.observerCount ?? 0,
      viewStoreConnections: viewStoreConnections.count)
  }

  @usableFromInline
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
    mailbox.close()
    deliverBatch()
    // The features this one presents stop first, as their hosts would stop them: what they
    // report while stopping reaches this feature before its own stop action runs.
    // (A composed feature's are among the presenting store's, which are not all its own: it
    // stops those it presents in stores of their own; those composed end with its effects.)
    if endEffects == nil, let presented = store?.runningChildren {
      await presented.stopAll()
    } else if let presented = presentedInStoresOfTheirOwn {
      await presented.stop()
    }
    if let willStop = R.Action.willStop, let store {
      await store.send(willStop).finish()
    }
    // Start work that ends by itself (a load) may hold inputs back until it is done; the stop
    // action has told the feature to wrap up, so it ends (and handles them) before the store
    // goes.
    await finishStartWork()
    stopNow()
    // A cancelled pump may be between two reads; the stream terminates at its next read. Its
    // end is the moment the host's `yield` starts returning `.terminated`.
    await pump?.value
  }

  @usableFromInline
  func stopWhenReleased() {
    guard let store else { return }
    guard endEffects == nil else {
      // Composed into the store that presents it: dismissing it there ends it, not letting
      // its handle go (a view asks for a new one while it is presented). The handle's input
      // sender takes no more inputs, and those it took are handed over now (a parent sends a
      // presented feature its inputs through its own reducer).
      mailbox.close()
      guard store.isReducerRunning else { return _ = deliverPending() }
      let host = PendingStop(self)
      let isolation = store.isolation
      Task { await onIsolation(isolation) { _ = host.host.deliverPending() } }
      return
    }
    guard store.isReducerRunning else { return stopNow() }
    // Let go from within one of its own actions (an output handler that drops the feature):
    // the state cannot be read until the reducer returns, so the stop is the actor's next job.
    let host = PendingStop(self)
    let isolation = store.isolation
    Task { await onIsolation(isolation) { host.host.stopNow() } }
  }

  @usableFromInline
  func stopNow() {
    guard let store else { return }
    mailbox.close()
    pump?.cancel()
    pump = nil
    if let endEffects { endEffects() } else { store.cancelRunningEffects() }
    let last = store.state
    finalState = last
    for connection in viewStoreConnections { connection.end(with: last) }
    viewStoreConnections = []
    self.store = nil
    wakeDeliveryWaiters(stopped: true)
    outputRoute.finish()
    registration.end()
  }
}

/// A feature host kept for a stop that runs as its actor's next job (`stopWhenReleased`).
final class PendingStop<R: Reducer>: @unchecked Sendable where R.Action: BoundaryAction {
  // SAFETY: `host` is only used inside `onIsolation(host's actor)`, on the actor that owns the
  // host and its store.
  let host: FeatureHost<R>

  init(_ host: FeatureHost<R>) {
    self.host = host
  }
}

/// A weak reference to a feature host for the pump task, which runs off the host's actor.
@usableFromInline
final class FeatureHostReference<R: Reducer>: @unchecked Sendable where R.Action: BoundaryAction {
  // SAFETY: `host` is written once, in `init`, and only dereferenced inside
  // `onIsolation(host's actor)`, i.e. on the actor that owns the host and its store.
  @usableFromInline weak var host: FeatureHost<R>?

  @usableFromInline
  init(_ host: FeatureHost<R>) {
    self.host = host
  }
}
