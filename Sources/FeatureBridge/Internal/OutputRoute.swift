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
  private var stream: AsyncStream<Output>?
  private var isFinished = false

  @usableFromInline
  init(counters: BoundaryCounters) {
    self.counters = counters
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
