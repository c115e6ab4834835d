/// A running feature, as its host sees it: a black box with inputs in, outputs out, a
/// lifecycle and metrics. It knows nothing about any UI: a terminal, a SwiftUI app or a server
/// embeds it the same way, and drives it headlessly through its inputs.
///
/// ```swift
/// let notes = NotesFeature.start(storage: .inMemory())
/// await notes.send(.create(title: "Groceries", body: "Milk"))
/// await notes.finish()
/// for await output in notes.outputs { print(output) }  // .noteCountChanged(1), .created(…)
/// ```
///
/// Inputs arrive three ways, all in one mailbox with the same order and ``InputDelivery`` rule:
/// ``send(_:)`` (awaitable: returns once the reducer has handled the input), ``input`` (a
/// synchronous sender for any thread, the fast path for bursts), and the `AsyncStream` the
/// feature may be started with. Real features and fakes both produce a `Feature`, so replacing
/// one with the other is a one-line change where the host creates it. The host never sees the
/// feature's state, actions or reducer; a view exists only if the host asks the feature's
/// module for one.
///
/// Not `Sendable`: confined to the host's actor, like the store inside it.
public final class Feature<Input: Sendable, Output: Sendable> {
  /// The feature's name, in instrumentation and the live registry.
  public let name: String
  /// Sends inputs straight into the feature, from any thread, without awaiting them: the fast
  /// path for bursts. Same delivery, order and ``InputDelivery`` rule as ``send(_:)``.
  public let input: InputSender<Input>
  /// The feature's delegate outputs, in order, unbounded (an output is never dropped).
  /// Finishes when the feature stops.
  public let outputs: AsyncStream<Output>

  @usableFromInline let host: any FeatureHosting<Input>

  @usableFromInline
  init(
    name: String, input: InputSender<Input>, outputs: AsyncStream<Output>,
    host: any FeatureHosting<Input>
  ) {
    self.name = name
    self.input = input
    self.outputs = outputs
    self.host = host
  }

  deinit {
    host.stopNow()
  }

  /// Counts at the boundary and inside the feature's store.
  public var metrics: BoundaryMetrics { host.metrics }

  /// Whether the feature is still running.
  public var isRunning: Bool { host.isRunning }

  /// Sends one input and returns once the feature's reducer has handled it (inputs that were
  /// waiting in the mailbox first, in order). Effects the input started may still be running:
  /// ``settle()`` waits for them.
  ///
  /// - Parameter input: The input.
  /// - Returns: `false` if the feature no longer takes inputs (it has stopped, or is stopping).
  @discardableResult
  nonisolated(nonsending) public func send(_ input: Input) async -> Bool {
    host.deliverNow(input)
  }

  /// Waits until everything the inputs delivered so far started has ended: their effects, and
  /// the effects of the actions those effects sent back. Long-lived work the feature started
  /// by itself (a subscription begun when it started) is not waited for; an input that starts
  /// an effect that never ends makes `settle` wait until the feature stops.
  nonisolated(nonsending) public func settle() async {
    await host.settle()
  }

  /// Waits until `count` inputs in all have reached the feature's reducer, however they were
  /// sent (the input stream, ``input``, ``send(_:)``): the way a host that feeds a stream learns
  /// that the feature has taken what it yielded. Follow it with ``settle()`` to wait for the
  /// effects those inputs started as well.
  ///
  /// - Parameter count: The total number of delivered inputs to wait for (see
  ///   ``BoundaryMetrics/inputsDelivered``).
  /// - Returns: `false` if the feature stopped before that many were delivered.
  @discardableResult
  nonisolated(nonsending) public func untilDelivered(_ count: Int) async -> Bool {
    await host.untilDelivered(count)
  }

  /// Stops the feature now: inputs already taken (through ``send(_:)``, ``input`` or from the
  /// input stream) are delivered, the feature's stop action (if any) runs and its effects are
  /// awaited, then every other effect is cancelled, the input stream is terminated and
  /// `outputs` finishes. From the moment `stop()` begins, the feature refuses inputs. (A
  /// `stop()` while a ``finish()`` is under way returns at once and changes nothing: the finish
  /// goes on.)
  ///
  /// Inputs the host yielded into the stream that the feature had not yet taken are dropped;
  /// to deliver every input, finish the input continuation and call ``finish()`` instead.
  nonisolated(nonsending) public func stop() async {
    await host.stop(drainInputs: false)
  }

  /// Waits until the host has finished the input stream (if the feature has one) and every
  /// input has been delivered, then stops the feature as ``stop()`` does. Nothing the host
  /// sent is lost.
  nonisolated(nonsending) public func finish() async {
    await host.stop(drainInputs: true)
  }

  /// A view store over the running feature's store, for the feature's own module to build its
  /// views on (a terminal view, a SwiftUI view). Only the module that defines `State` and
  /// `ViewAction` can name them, so only it can call this; asking with other types is a
  /// programming error and traps.
  ///
  /// - Parameters:
  ///   - state: The feature's state type.
  ///   - viewAction: The feature's view action type.
  /// - Returns: A new view store; the feature's store is held weakly.
  public func viewStore<State, ViewAction: Sendable>(
    state: State.Type, viewAction: ViewAction.Type
  ) -> ViewStore<State, ViewAction> {
    guard let viewStore = host.makeViewStore() as? ViewStore<State, ViewAction> else {
      preconditionFailure(
        "Feature \(name) has no view store of \(State.self) and \(ViewAction.self)")
    }
    return viewStore
  }
}

/// What a `Feature` handle drives: the host of the feature's store on the host's actor. A
/// protocol, so "jump to definition" lands on ``FeatureHost``, its one implementation.
@usableFromInline
protocol FeatureHosting<Input>: AnyObject {
  associatedtype Input: Sendable
  var metrics: BoundaryMetrics { get }
  var isRunning: Bool { get }
  func deliverNow(_ input: Input) -> Bool
  nonisolated(nonsending) func settle() async
  nonisolated(nonsending) func untilDelivered(_ count: Int) async -> Bool
  nonisolated(nonsending) func stop(drainInputs: Bool) async
  func stopNow()
  func makeViewStore() -> AnyObject?
}
