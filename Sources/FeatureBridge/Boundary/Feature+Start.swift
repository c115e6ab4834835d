public import StoreKernel

extension Feature {
  /// Starts a feature: creates its own store on the caller's actor with the injected
  /// dependencies, pumps `inputs` into it, and streams its delegate actions out as outputs.
  ///
  /// Feature modules call this from their public `start` function; their `State`, `Action` and
  /// reducer stay internal. Inputs are taken from the stream off the actor and delivered in
  /// batches, one hop per batch, in order. The returned feature's ``Feature/input`` sends into
  /// the same mailbox without the stream.
  ///
  /// - Parameters:
  ///   - name: The feature's name in instrumentation.
  ///   - initialState: The state the feature starts in.
  ///   - reducer: The feature's logic.
  ///   - inputs: What the host sends. Create it unbounded: the boundary applies `delivery`.
  ///   - delivery: Declares, per input, whether it is an intent or a latest-only projection;
  ///     `nil` (the default) makes every input an intent.
  ///   - prepareDependencies: The dependencies the host injects.
  ///   - makeView: Builds the feature's view from a store that accepts only view actions.
  ///   - isolation: The host's actor, where the feature's store lives.
  /// - Returns: The running feature.
  @inlinable
  public static func start<R: Reducer>(
    name: String,
    initialState: R.State,
    reducer: R,
    inputs: AsyncStream<Input>,
    delivery: (@Sendable (Input) -> InputDelivery)? = nil,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    view makeView: (ViewStore<R.State, R.Action.ViewAction>) -> any FeatureView,
    isolation: isolated any Actor = #isolation
  ) -> Feature
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    let (outputs, outputContinuation) = AsyncStream.makeStream(of: Output.self)
    let counters = BoundaryCounters()
    let store = Store(
      initialState: initialState,
      reducer: BoundaryReducer(base: reducer, outputs: outputContinuation, counters: counters),
      name: name,
      withDependencies: prepareDependencies,
      isolation: isolation
    )
    let mailbox = InputMailbox<Input>(delivery: delivery)
    let host = FeatureHost<R>(
      store: store, mailbox: mailbox, counters: counters,
      outputContinuation: outputContinuation,
      registration: FeatureRegistry.register(name: name))
    let reference = FeatureHostReference(host)
    let sender = InputSender(mailbox: mailbox) {
      Task { await onIsolation(isolation) { reference.host?.deliverPending() } }
    }
    host.pump = Task.detached {
      for await input in inputs {
        sender.send(input)
      }
    }
    if let didStart = R.Action.didStart { store.send(didStart) }
    let view = makeView(ViewStore(store))
    return Feature(
      name: name, input: sender, outputs: outputs, view: view,
      control: FeatureControl(
        metrics: { host.metrics },
        isRunning: { host.isRunning },
        stop: { drain in await host.stop(drainInputs: drain) },
        stopNow: { host.stopNow() }
      ))
  }
}
