import StoreKernel

/// A running feature, as its host sees it: a black box with inputs in, outputs out, a
/// lifecycle and metrics. It knows nothing about any UI: a terminal, a SwiftUI app or a server
/// embeds it the same way, and drives it headlessly through its inputs.
///
/// ```swift
/// let notes = NotesFeature.launcher.start(.init(storage: .inMemory()))
/// var heard: [NotesOutput] = []
/// notes.onOutput { heard.append($0) }  // .noteCountChanged(0), then .created(#1, …), …
/// await notes.send(.create(title: "Groceries", body: "Milk"))
/// await notes.stop()
/// ```
///
/// Inputs arrive three ways, all in one mailbox with the same order and ``InputDelivery`` rule:
/// ``send(_:)`` (awaitable: returns once the reducer has handled the input), ``input`` (a
/// synchronous sender for any thread, the fast path for bursts), and the `AsyncStream` the
/// feature may be started with. Outputs leave two ways: ``onOutput(_:)``, a handler called on
/// the host's actor the moment the feature emits (the direct path), and ``outputs``, an
/// `AsyncStream`. Real features and fakes both produce a `FeatureHandle`, so replacing one with the
/// other is a one-line change where the host creates it. The host never sees the feature's
/// state, actions or reducer; a view exists only if the host asks the feature's module for one.
///
/// Not `Sendable`: confined to the host's actor, like the store inside it.
public final class FeatureHandle<Input: Sendable, Output: Sendable> {
  /// The feature's name, in instrumentation and the live registry.
  public let name: String
  /// Sends inputs straight into the feature, from any thread, without awaiting them: the fast
  /// path for bursts. Same delivery, order and ``InputDelivery`` rule as ``send(_:)``.
  public let input: InputSender<Input>

  @usableFromInline let host: any RunningFeatureHost<Input>

  @usableFromInline let route: OutputRoute<Output>
  /// Hands one input to the feature now: the host's `deliverNow`, specialized where the
  /// feature's types are known (a call through `host` would run a generic copy of it).
  @usableFromInline let deliver: (Input) -> Bool

  @usableFromInline
  init(
    name: String, input: InputSender<Input>, outputs: OutputRoute<Output>,
    host: any RunningFeatureHost<Input>, deliver: @escaping (Input) -> Bool
  ) {
    self.name = name
    self.input = input
    self.route = outputs
    self.host = host
    self.deliver = deliver
  }

  deinit {
    host.stopWhenReleased()
  }

  /// The feature's delegate outputs, in order, unbounded (an output is never dropped). It
  /// finishes when the feature stops.
  ///
  /// The stream is made the first time it is read, and begins with the outputs emitted until
  /// then that no ``onOutput(_:)`` handler took. A host that only uses the handler never pays
  /// for a stream.
  ///
  /// A presented feature's outputs are its parent's (its reducer gets them as
  /// `.presented(.output(…))`): read from its handle, the stream reports the misuse and
  /// finishes at once, in either hosting.
  public var outputs: AsyncStream<Output> {
    guard !route.isPresented else {
      reportPresented("outputs")
      return AsyncStream { $0.finish() }
    }
    return route.outputs
  }

  /// Calls `handler` with each output, on the host's actor, the moment the feature emits it:
  /// the direct path, with no stream and no task in between. Outputs the feature emitted
  /// before (while starting, say) are handed over first, so none is missed. After
  /// `await send(_:)` returns, the handler has heard every output that input's own handling
  /// emitted; after ``settle()``, also those of the effects it started.
  ///
  /// The handler runs inside the feature's reducer: it may send inputs (to this feature or
  /// another; they are queued and handled in order, never re-entrantly) but must not block.
  /// It may also let the feature go (a host that drops a feature when it reports it is done):
  /// the feature then stops right after the action it is handling, as the actor's next job.
  /// Setting another handler replaces this one; the stream still gets every output too.
  ///
  /// A presented feature's outputs are its parent's, which gets them as
  /// `.presented(.output(…))`: on its handle, `onOutput` reports the misuse and does nothing,
  /// in either hosting (a handler would take the outputs from the parent).
  ///
  /// ```swift
  /// let counter = CounterFeature.launcher.start(.init(favorites: favorites))
  /// counter.onOutput { [weak self] output in self?.counterDidReport(output) }
  /// ```
  ///
  /// - Parameter handler: What to do with each output.
  public func onOutput(_ handler: @escaping (Output) -> Void) {
    guard !route.isPresented else { return reportPresented("onOutput") }
    route.attach(handler)
  }

  /// Hands every output to the parent that presents the feature (`handler`), and to no one
  /// else.
  package func deliverOutputs(_ handler: @escaping (Output) -> Void) {
    route.attach(handler)
    route.isPresented = true
  }

  private func reportPresented(_ member: String) {
    IssueReporter.report(
      "\(member) was used on the handle of \(name), a presented feature: its outputs go to the "
        + "parent that presents it, whose reducer gets them as .presented(.output(…)). Handle "
        + "them there; the handle is for showing the feature and sending it inputs. Nothing "
        + "was attached.")
  }

  /// Hands `input` to the feature now, on its actor, as ``send(_:)`` does without awaiting:
  /// what a parent that presents the feature uses from within its own `send`.
  ///
  /// - Parameter input: The input.
  /// - Returns: `false` if the feature no longer takes inputs.
  @discardableResult
  package func sendNow(_ input: Input) -> Bool {
    deliver(input)
  }

  /// Stops the feature at once, as letting it go does: its effects are cancelled and its
  /// store released, without its stop action. What a parent does to a feature it presented
  /// when it is dismissed.
  package func stopNow() {
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
    deliver(input)
  }

  /// Waits until everything the inputs delivered so far started has ended: their effects, and
  /// the effects of the actions those effects sent back. Work the feature started by itself
  /// is waited for when it ends by itself (the notes' load, and the inputs they held back until
  /// it finished), never when it runs until the feature stops (a subscription). An input that
  /// starts an effect that never ends makes `settle` wait until the feature stops.
  ///
  /// Called from an effect it would wait for (one of this feature's, or of a feature it
  /// presents), it could never return: it reports the misuse through `IssueReporter` and
  /// returns at once (docs/decisions/0007-ui-free-boundary.md, Settle). Settle from the host.
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
  /// - Returns: A new view store. Make one per view and keep it (making one per render works,
  ///   but each costs an observer registration on the feature's store).
  public func viewStore<State, ViewAction: Sendable>(
    state: State.Type, viewAction: ViewAction.Type
  ) -> ViewStore<State, ViewAction> {
    guard let viewStore = host.makeViewStore() as? ViewStore<State, ViewAction> else {
      preconditionFailure(
        "Feature \(name) has no view store of \(State.self) and \(ViewAction.self): only the "
          + "feature's own module can ask for its view store, with its own state and view action "
          + "types (FeatureBridge's Boundaries article; "
          + "docs/decisions/0001-store-isolation.md, Traps).")
    }
    // A presented feature's handle is its presentation's: the view store keeps it (the store
    // that presents a composed feature holds its handle only weakly), so every view store of
    // the feature hears of its end from the one host.
    if route.isPresented { viewStore.presentedHandle = self }
    return viewStore
  }
}

/// What a `FeatureHandle` handle drives: the host of the feature's store on the host's actor. A
/// protocol, so "jump to definition" lands on ``FeatureHost``, its one implementation.
@usableFromInline
protocol RunningFeatureHost<Input>: AnyObject {
  associatedtype Input: Sendable
  var metrics: BoundaryMetrics { get }
  var isRunning: Bool { get }
  nonisolated(nonsending) func settle() async
  nonisolated(nonsending) func untilDelivered(_ count: Int) async -> Bool
  nonisolated(nonsending) func stop(drainInputs: Bool) async
  func stopNow()
  /// Stops the feature as its handle goes: now, or right after the action it is handling.
  func stopWhenReleased()
  func makeViewStore() -> AnyObject?
  /// What the host keeps of the feature, for tests that check it stays bounded.
  var bookkeeping: FeatureBookkeeping { get }
  /// The name of the feature whose effect the current task runs, among this one and those it
  /// presents, skipping the hosts in `visited`: what a `settle()` would wait for.
  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String?
}

/// How much a running feature's host keeps: the work its inputs started that `settle` may wait
/// for, the observers registered on its store, and the view stores' connections. Package-only:
/// tests check these stay bounded however long the feature runs.
@usableFromInline
package struct FeatureBookkeeping: Equatable, Sendable {
  package var inputWork: Int
  package var storeObservers: Int
  package var viewStoreConnections: Int
}

extension FeatureHandle {
  /// What the feature's host keeps now (see ``FeatureBookkeeping``).
  package var bookkeeping: FeatureBookkeeping { host.bookkeeping }
}
