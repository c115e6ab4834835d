public import StoreKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// How an output leaves a feature, in the order it goes: the boundary's reducer turns a delegate
// action into an output effect, the store starts it right after the reducer, and the route hands
// the output to the host (its handler, its stream, or both), nesting no deeper than a limit.

/// Wraps a feature's reducer so every delegate action leaves the boundary as one output, handed
/// to the host once the reducer has returned (``OutputDelivery``).
@usableFromInline
struct BoundaryReducer<Base: Reducer>: Reducer where Base.Action: BoundaryAction {
  @usableFromInline let base: Base
  @usableFromInline let outputs: OutputRoute<Base.Action.Output>
  /// The effect that hands the route's queued outputs to the host. Made once, here, where the
  /// feature's types are known: the closure inside runs specialized, and no output allocates
  /// an effect of its own.
  @usableFromInline let delivery: Effect<Base.Action>

  @inlinable
  init(base: Base, outputs: OutputRoute<Base.Action.Output>) {
    self.base = base
    self.outputs = outputs
    self.delivery = Self.delivery { [outputs] in outputs.deliverQueued() }
  }

  /// The effect that runs `deliver`: out of line, since it is made once a feature.
  @usableFromInline
  static func delivery(_ deliver: @escaping () -> Void) -> Effect<Base.Action> {
    Effect(composing: OutputDelivery(deliver))
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    guard let output = action.output else { return effect }
    outputs.queue(output)
    return delivery.merge(with: effect)
  }

  @inlinable
  func reduceStoreStart(into state: inout Base.State) -> Effect<Base.Action> {
    base.reduceStoreStart(into: &state)
  }
}

/// Hands a delegate action's output to the host once the feature's reducer has returned: the
/// boundary's reducer queues the output on the route and returns this effect, which the store
/// starts right after the reducer, within the same `send`. The host's handler therefore runs
/// with the feature's state readable (a host that renders what the output announced reads the
/// view store there), and anything it sends the feature is queued behind the action, never
/// handled re-entrantly.
struct OutputDelivery<Action: Sendable>: EffectOperator, @unchecked Sendable {
  // SAFETY: `deliver` holds the feature's route, which is confined to the feature's actor; it
  // is only called in `start`, which the feature's store calls on that actor right after its
  // reducer returned this effect. The effect never leaves the boundary's reducer: nothing maps
  // it or sends it elsewhere.
  let deliver: () -> Void

  init(_ deliver: @escaping () -> Void) {
    self.deliver = deliver
  }

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    deliver()
    return StoreTask()
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    Effect<Other>(composing: OutputDelivery<Other>(deliver))
  }

  var isImmediate: Bool { true }
}

/// Where a feature's outputs go: the host's handler (``FeatureHandle/onOutput(_:)``, called directly
/// on the host's actor), the ``FeatureHandle/outputs`` stream, or both. Outputs emitted before either
/// is attached wait here and go to whichever comes first, so nothing emitted while the feature
/// starts is lost.
///
/// The stream is made only when a host asks for it: a host that takes outputs through its
/// handler pays no stream element per output.
///
/// Confined to the feature's actor, like its store; `emit` runs inside the feature's reducer.
@usableFromInline
final class OutputRoute<Output: Sendable> {
  @usableFromInline let counters: BoundaryCounters
  @usableFromInline var handler: ((Output) -> Void)?
  @usableFromInline var continuation: AsyncStream<Output>.Continuation?
  /// Outputs emitted while neither a handler nor a stream was attached.
  @usableFromInline var waiting: [Output] = []
  /// The output the feature's reducer just emitted, until ``OutputDelivery`` hands it on right
  /// after the reducer returned.
  @usableFromInline var queued: Output?
  /// A parent presents the feature and takes its outputs: no host's handler or stream may.
  @usableFromInline var isPresented = false
  private var stream: AsyncStream<Output>?
  private var isFinished = false

  @usableFromInline
  init(counters: BoundaryCounters) {
    self.counters = counters
  }

  /// Keeps an output the feature's reducer emitted until ``deliverQueued()``. An action has at
  /// most one output, and the store starts the delivery right after the reducer that queued
  /// it, before it runs the reducer again: nothing is queued over.
  @inlinable
  func queue(_ output: Output) {
    queued = output
  }

  /// Hands the queued output to the host. The store runs it on the feature's actor, right after
  /// the reducer; a handler's `send` to the feature waits in the store's queue until it returns.
  @inlinable
  func deliverQueued() {
    guard let output = queued.take() else { return }
    emit(output)
  }

  /// Hands one output to the host; within a chain of deliveries nested deeper than
  /// ``OutputNesting/limit``, once the outermost one is done (before it returns).
  @inlinable
  func emit(_ output: Output) {
    counters.addOutput()
    guard OutputNesting.enter() else {
      OutputNesting.wait { self.deliver(output) }
      return
    }
    deliver(output)
    OutputNesting.leave()
  }

  /// Inlinable with ``emit(_:)``, so that both are specialized for the feature's output type.
  @inlinable
  func deliver(_ output: Output) {
    // Copies, so a handler that attaches another handler or reads the stream meanwhile does
    // not overlap an access to these properties.
    let handler = handler
    let continuation = continuation
    if let handler { handler(output) }
    if let continuation { continuation.yield(output) }
    if handler == nil, continuation == nil { waiting.append(output) }
  }

  /// Calls `handler` with every output from now on, first with the outputs that were waiting.
  func attach(_ handler: @escaping (Output) -> Void) {
    self.handler = handler
    let waiting = takeWaiting()
    for output in waiting { handler(output) }
  }

  /// The outputs as a stream, made on first use: it starts with the outputs that were waiting
  /// (when no handler took them) and finishes when the feature stops.
  var outputs: AsyncStream<Output> {
    if let stream { return stream }
    let (stream, continuation) = AsyncStream.makeStream(of: Output.self)
    self.stream = stream
    for output in takeWaiting() { continuation.yield(output) }
    if isFinished {
      continuation.finish()
    } else {
      self.continuation = continuation
    }
    return stream
  }

  /// The feature stopped: the stream finishes; the handler hears nothing more.
  func finish() {
    isFinished = true
    continuation?.finish()
    continuation = nil
    handler = nil
  }

  private func takeWaiting() -> [Output] {
    let taken = waiting
    waiting = []
    return taken
  }
}

/// How deep the current thread is in output deliveries that started inside other output
/// deliveries, and the deliveries that waited because it was too deep.
///
/// An output is handed to the host inside the feature's `send`; a handler that sends to
/// another feature which emits in turn nests one delivery inside the other, on the same
/// thread. A chain of thousands of features would nest thousands of deliveries and overflow
/// the thread's stack. Past ``limit`` nested deliveries, a delivery waits in this thread's
/// queue instead, and the outermost delivery runs the waiting ones, in order, before it
/// returns: every output of a chain still reaches its host within the first `send`, however
/// long the chain.
///
/// One record per thread, found through a `pthread` key: deliveries are synchronous, so no
/// task switch happens inside one, and the thread is the right scope. The record is never
/// shared between threads.
@usableFromInline
struct OutputNesting {
  /// Deliveries nested deeper than this wait for the outermost one instead of recursing.
  @usableFromInline static let limit = 64

  @usableFromInline var depth = 0
  private var waiting: [() -> Void] = []

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // A thread's record goes with the thread.
    let status = pthread_key_create(&key) { record in
      guard let record else { return }
      let nesting = record.assumingMemoryBound(to: OutputNesting.self)
      nesting.deinitialize(count: 1)
      nesting.deallocate()
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// The current thread's record, made on its first delivery.
  @usableFromInline static var current: UnsafeMutablePointer<OutputNesting> {
    if let record = pthread_getspecific(key) {
      return record.assumingMemoryBound(to: OutputNesting.self)
    }
    let record = UnsafeMutablePointer<OutputNesting>.allocate(capacity: 1)
    record.initialize(to: OutputNesting())
    let status = pthread_setspecific(key, record)
    precondition(status == 0, "pthread_setspecific failed: \(status)")
    return record
  }

  /// Enters one more nested delivery on this thread, or returns `false` when the thread is
  /// already ``limit`` deliveries deep: the caller then hands its delivery to ``wait(_:)``.
  /// Every `true` is matched by one ``leave()`` once the delivery is done.
  @usableFromInline
  static func enter() -> Bool {
    let record = current
    guard record.pointee.depth < limit else { return false }
    record.pointee.depth += 1
    return true
  }

  /// Leaves a delivery ``enter()`` let in; the outermost one runs the deliveries that waited.
  @usableFromInline
  static func leave() {
    let record = current
    record.pointee.depth -= 1
    if record.pointee.depth == 0, !record.pointee.waiting.isEmpty { runWaiting(record) }
  }

  /// Keeps `deliver` until the outermost delivery on this thread is done.
  @usableFromInline
  static func wait(_ deliver: @escaping () -> Void) {
    current.pointee.waiting.append(deliver)
  }

  /// Runs the waiting deliveries in order, each as if one level deep, so that those it nests
  /// wait in turn instead of starting another pass of their own.
  private static func runWaiting(_ record: UnsafeMutablePointer<OutputNesting>) {
    record.pointee.depth = 1
    var next = 0
    while next < record.pointee.waiting.count {
      let deliver = record.pointee.waiting[next]
      next += 1
      deliver()
    }
    record.pointee.waiting.removeAll()
    record.pointee.depth = 0
  }
}
