public import StoreKernel

extension FeatureHandle {
  /// Starts a feature: creates its own store on the caller's actor with the injected
  /// dependencies, takes inputs (from ``FeatureHandle/send(_:)``, ``FeatureHandle/input`` and, if given, the
  /// `inputs` stream), and streams its delegate actions out as outputs. No view is built: a host
  /// that wants one asks the feature's module.
  ///
  /// Not public: a host starts a feature through its launcher
  /// (``FeatureLauncher/start(_:inputs:withDependencies:isolation:)``), whose recipe
  /// operations call this where the reducer's type is known. Inputs from the stream
  /// are taken off the actor and delivered in batches, one hop per batch, in order.
  ///
  /// The store counts into the `StoreRegistry` of its dependencies and registers in their
  /// ``FeatureRegistry``: a host hands down its own in `withDependencies`
  /// (`$0.storeRegistry = registry`), so its counts are its own.
  ///
  /// - Parameters:
  ///   - name: The feature's name in instrumentation.
  ///   - initialState: The state the feature starts in, made with the feature's dependencies.
  ///   - reducer: The feature's logic.
  ///   - inputs: A stream of inputs, if the host has one. Create it unbounded: the boundary
  ///     applies `delivery`.
  ///   - delivery: Declares, per input, whether it is an intent or a latest-only projection;
  ///     `nil` (the default) makes every input an intent.
  ///   - prepareDependencies: The feature's dependencies, then the host's overrides.
  ///   - isolation: The host's actor, where the feature's store lives.
  /// - Returns: The running feature.
  @inline(__always) @inlinable
  static func start<R: Reducer>(
    name: String,
    initialState: @autoclosure () -> R.State,
    reducer: R,
    inputs: AsyncStream<Input>? = nil,
    delivery: (@Sendable (Input) -> InputDelivery)? = nil,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> FeatureHandle
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    // Always inlined, so the store, delivery and view store closures formed here are
    // specialized for the feature's types: Swift does not specialize a generic function that
    // takes an `isolated` parameter, even an inlinable one (docs/performance.md).
    let counters = BoundaryCounters()
    let outputs = OutputRoute<Output>(counters: counters)
    let store = Store(
      initialState: initialState(),
      reducer: BoundaryReducer(base: reducer, outputs: outputs),
      name: name,
      withDependencies: prepareDependencies,
      isolation: isolation
    )
    return hosting(
      R.self, name: name, store: store, counters: counters, outputs: outputs, inputs: inputs,
      delivery: delivery,
      registration: store.dependencyValues.featureRegistry.register(name: name), endEffects: nil,
      isolation: isolation)
  }

  /// The boundary around a feature's store, whichever store runs its reducer.
  @inline(__always) @inlinable
  static func hosting<R: Reducer>(
    _ reducer: R.Type,
    name: String,
    store: Store<R.State, R.Action>,
    counters: BoundaryCounters,
    outputs: OutputRoute<Output>,
    inputs: AsyncStream<Input>?,
    delivery: (@Sendable (Input) -> InputDelivery)?,
    registration: FeatureRegistry.Registration,
    endEffects: (() -> Void)?,
    effectMark: EffectMark? = nil,
    startsFeature: Bool = true,
    isolation: isolated any Actor
  ) -> FeatureHandle
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    let mailbox = InputMailbox<Input>(delivery: delivery)
    let operations = FeatureOperations<R>()
    let host = FeatureHost<R>(
      name: name, store: store, mailbox: mailbox, counters: counters,
      outputs: outputs, registration: registration, operations: operations,
      endEffects: endEffects)
    host.effectMark = effectMark
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
    if startsFeature, let didStart = R.Action.didStart {
      let work = store.send(didStart)
      if R.Action.startWorkEnds, !work.isEmpty { host.startWork = work }
    }
    return FeatureHandle(
      name: name, input: sender, outputs: outputs, host: host,
      deliver: { [unowned host] in host.deliverNow($0) })
  }

  /// The handle of a feature composed into the store that presents it (``FeatureHosting``):
  /// the same boundary as a feature in a store of its own (its host delivers inputs, settles,
  /// stops it with its stop action, makes its view store), over `store`, scoped from the
  /// presenting store to the feature's state. The presenting reducer started the feature, and
  /// dismissing it there ends it; `end` cancels its effects when its host stops it.
  /// `effectMark` is on its effects (they are the presenting store's): its host tells its own
  /// by it.
  @inlinable
  static func composedHandle<R: Reducer>(
    _ reducer: R.Type, name: String, store: Store<R.State, R.Action>, startWork: StoreTask?,
    registration: FeatureRegistry.Registration, effectMark: EffectMark,
    end: @escaping () -> Void
  ) -> FeatureHandle
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    // Asked for by a view, on the store's actor, which `assumeIsolated` checks: the store and
    // `end` stay there.
    let carried = OnItsActor(value: (store: store, end: end, startWork: startWork))
    return store.isolation.assumeIsolated { isolation in
      let counters = BoundaryCounters()
      let (store, end, startWork) = carried.value
      let feature = hosting(
        R.self, name: name, store: store, counters: counters,
        outputs: OutputRoute(counters: counters), inputs: nil, delivery: nil,
        registration: registration, endEffects: end, effectMark: effectMark, startsFeature: false,
        isolation: isolation)
      (feature.host as? FeatureHost<R>)?.startWork = startWork
      // Its outputs reach the presenting store's reducer through the composition, never
      // through this handle's route.
      feature.route.isPresented = true
      return OnItsActor(value: feature)
    }.value
  }
}
