/// A running feature, as its host sees it: a black box with an input stream in, an output
/// stream out, a view to show, and a way to stop it.
///
/// Real features and fakes both produce a `Feature`, so replacing one with the other is a
/// one-line change where the host creates it. The host never sees the feature's state, actions
/// or reducer.
///
/// ```swift
/// let (inputs, send) = AsyncStream.makeStream(of: CounterInput.self)
/// let counter = CounterFeature.start(inputs: inputs, favorites: favorites)
/// send.yield(.reset)          // through the stream
/// counter.input.send(.reset)  // or straight into the mailbox, from any thread
/// for await output in counter.outputs { … }
/// ```
///
/// Not `Sendable`: confined to the host's actor, like the store inside it.
public final class Feature<Input: Sendable, Output: Sendable> {
  /// The feature's name, in instrumentation and the live registry.
  public let name: String
  /// Sends inputs straight into the feature, from any thread, without the input stream: the
  /// fast path for bursts. Same delivery, order and ``InputDelivery`` rule as the stream.
  public let input: InputSender<Input>
  /// The feature's delegate outputs, in order, unbuffered-limit (an output is never dropped).
  /// Finishes when the feature stops.
  public let outputs: AsyncStream<Output>
  /// How the host shows the feature and hands it key presses.
  public let view: any FeatureView

  let control: FeatureControl

  @usableFromInline
  init(
    name: String, input: InputSender<Input>, outputs: AsyncStream<Output>,
    view: any FeatureView, control: FeatureControl
  ) {
    self.name = name
    self.input = input
    self.outputs = outputs
    self.view = view
    self.control = control
  }

  deinit {
    control.stopNow()
  }

  /// Counts at the boundary and inside the feature's store.
  public var metrics: BoundaryMetrics { control.metrics() }

  /// Whether the feature is still running.
  public var isRunning: Bool { control.isRunning() }

  /// Stops the feature now: inputs already taken from the input stream or sent through
  /// ``input`` are delivered, the feature's stop action (if any) runs and its effects are
  /// awaited, then every other effect is cancelled, the input stream is terminated and
  /// `outputs` finishes. From the moment `stop()` begins, ``input`` refuses inputs. (A `stop()`
  /// while a ``finish()`` is under way returns at once and changes nothing: the finish goes on.)
  ///
  /// Inputs the host yielded that the feature had not yet taken are dropped; to deliver every
  /// input, finish the input continuation and call ``finish()`` instead.
  nonisolated(nonsending) public func stop() async {
    await control.stop(false)
  }

  /// Waits until the host has finished the input stream and every input has been delivered,
  /// then stops the feature as ``stop()`` does. Nothing the host sent is lost: inputs sent
  /// through ``input`` before the stream ends are delivered too.
  nonisolated(nonsending) public func finish() async {
    await control.stop(true)
  }
}

/// What a `Feature` handle can do to the running feature behind it.
@usableFromInline
struct FeatureControl {
  let metrics: () -> BoundaryMetrics
  let isRunning: () -> Bool
  // `nonisolated(nonsending)`: stopping touches the feature's store, so it must run on the
  // caller's actor (the host's, where the store lives), not on the global executor.
  let stop: nonisolated(nonsending) (_ drainInputs: Bool) async -> Void
  let stopNow: () -> Void

  @usableFromInline
  init(
    metrics: @escaping () -> BoundaryMetrics,
    isRunning: @escaping () -> Bool,
    stop: nonisolated(nonsending) @escaping (_ drainInputs: Bool) async -> Void,
    stopNow: @escaping () -> Void
  ) {
    self.metrics = metrics
    self.isRunning = isRunning
    self.stop = stop
    self.stopNow = stopNow
  }
}
