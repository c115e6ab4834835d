public import StoreKernel

extension Feature {
  /// Starts a feature: creates its own store on the caller's actor with the injected
  /// dependencies, takes inputs (from ``Feature/send(_:)``, ``Feature/input`` and, if given, the
  /// `inputs` stream), and streams its delegate actions out as outputs. No view is built: a host
  /// that wants one asks the feature's module.
  ///
  /// Feature modules call this from their public `start` function; their `State`, `Action` and
  /// reducer stay internal. Inputs from the stream are taken off the actor and delivered in
  /// batches, one hop per batch, in order.
  ///
  /// The store counts into the `StoreRegistry` of its dependencies and registers in their
  /// ``FeatureRegistry``: a host hands down its own in `withDependencies`
  /// (`$0.storeRegistry = registry`), so its counts are its own.
  ///
  /// - Parameters:
  ///   - name: The feature's name in instrumentation.
  ///   - initialState: The state the feature starts in.
  ///   - reducer: The feature's logic.
  ///   - inputs: A stream of inputs, if the host has one. Create it unbounded: the boundary
  ///     applies `delivery`.
  ///   - delivery: Declares, per input, whether it is an intent or a latest-only projection;
  ///     `nil` (the default) makes every input an intent.
  ///   - prepareDependencies: The feature's dependencies, then the host's overrides.
  ///   - isolation: The host's actor, where the feature's store lives.
  /// - Returns: The running feature.
  @inline(__always) @inlinable
  public static func start<R: Reducer>(
    name: String,
    initialState: R.State,
    reducer: R,
    inputs: AsyncStream<Input>? = nil,
    delivery: (@Sendable (Input) -> InputDelivery)? = nil,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> Feature
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    // Always inlined, so the store, delivery and view store closures formed here are
    // specialized for the feature's types: Swift does not specialize a generic function that
    // takes an `isolated` parameter, even an inlinable one (docs/performance.md).
    let counters = BoundaryCounters()
    let outputs = OutputRoute<Output>(counters: counters)
    let store = Store(
      initialState: initialState,
      reducer: BoundaryReducer(base: reducer, outputs: outputs),
      name: name,
      withDependencies: prepareDependencies,
      isolation: isolation
    )
    let mailbox = InputMailbox<Input>(delivery: delivery)
    let host = FeatureHost<R>(
      name: name, store: store, mailbox: mailbox, counters: counters,
      outputs: outputs,
      registration: store.dependencyValues.featureRegistry.register(name: name))
    host.deliverBatch = { [unowned host] in host.deliverPending() }
    host.viewStoreMaker = { [unowned host] in host.makeViewStoreNow() }
    let reference = FeatureHostReference(host)
    let limit = FeatureHost<R>.scheduledBatchLimit
    // The actor is captured weakly: it may own the feature, whose input sender this is. Each
    // batch is a job of its own: between two, the task yields, so the actor runs whatever else
    // is waiting (hopping straight back could keep the actor's thread, ahead of everyone).
    let sender = InputSender(mailbox: mailbox) { [weak isolation] in
      guard let isolation else { return }
      Task {
        while await onIsolation(isolation, { reference.host?.deliverPending(upTo: limit) ?? false })
        {
          await Task.yield()
        }
      }
    }
    if let inputs {
      host.pump = Task.detached {
        for await input in inputs {
          sender.send(input)
        }
      }
    }
    if let didStart = R.Action.didStart {
      let work = store.send(didStart)
      if R.Action.startWorkEnds, !work.isEmpty { host.startWork = work }
    }
    return Feature(
      name: name, input: sender, outputs: outputs, host: host,
      deliver: { [unowned host] in host.deliverNow($0) })
  }
}
