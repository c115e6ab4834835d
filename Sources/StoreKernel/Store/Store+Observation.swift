/// Keeps an observation alive; releasing it or calling ``cancel()`` ends the observation.
///
/// `Sendable`: cancelling only sets an atomic flag; the store drops the observer the next time
/// it notifies.
public final class ObservationToken: Sendable {
  let flag: ObservationFlag

  @usableFromInline
  init(flag: ObservationFlag) {
    self.flag = flag
  }

  deinit {
    flag.cancel()
  }

  /// Ends the observation. Safe to call from any thread, more than once.
  public func cancel() {
    flag.cancel()
  }

  /// Whether the observation has ended.
  public var isCancelled: Bool { flag.isCancelled }
}

extension Store {
  /// Calls `onChange` with the observed value now, and again after each action that changed it.
  ///
  /// The projection runs after every batch of actions the store handles (a state derivation);
  /// `onChange` runs only when its result differs from the last one (a notification). This is
  /// the hook for renderers: it runs synchronously on the store's actor.
  ///
  /// ```swift
  /// let token = store.observe(\.count) { count in render(count) }
  /// ```
  ///
  /// - Parameters:
  ///   - project: Derives the observed value from the state; keep it cheap.
  ///   - onChange: Receives the current value and every change.
  /// - Returns: The token that keeps the observation alive.
  @inlinable
  public func observe<Value: Equatable>(
    _ project: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    observe(project, onChange: onChange, onStoreEnd: nil)
  }

  /// Calls `onChange` with the value at `keyPath` now, and again whenever it changes.
  ///
  /// - Parameters:
  ///   - keyPath: The observed part of the state.
  ///   - onChange: Receives the current value and every change.
  /// - Returns: The token that keeps the observation alive.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let reader = KeyPathReader(keyPath)
    return observe({ reader.read(from: $0) }, onChange: onChange, onStoreEnd: nil)
  }

  /// The observed value now and after every change, as an async sequence.
  ///
  /// The stream keeps only the newest value when its consumer is slower than the store (a
  /// renderer wants the latest state, not every intermediate one). It finishes when the store
  /// is released; cancelling the consuming task ends the observation.
  ///
  /// - Parameter project: Derives the observed value from the state.
  /// - Returns: The stream of values.
  public func values<Value: Equatable & Sendable>(
    _ project: @escaping (State) -> Value
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: .bufferingNewest(1))
    let token = observe(
      project, onChange: { continuation.yield($0) }, onStoreEnd: { _ in continuation.finish() })
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  /// The observation itself. Inlinable, so that the closure that projects and compares on
  /// every pass is formed in the caller's module, specialized for its `State` and `Value`
  /// (formed here, one observer cost three times a send with none: docs/performance.md).
  @inlinable
  func observe<Value: Equatable>(
    _ project: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void,
    onStoreEnd: ((State) -> Void)?
  ) -> ObservationToken {
    let metrics = metrics
    let flag = ObservationFlag()
    let last = StoreRuntime<State, Action>.LastSeen<Value>()
    let check: (State) -> Void = { state in
      StoreMetrics.bump(metrics.stateDerivations)
      let value = project(state)
      // Copied out, so that the comparison (user code) runs outside any access to `last`.
      let previous = last.value
      if previous != value {
        last.value = value
        StoreMetrics.bump(metrics.notifications)
        onChange(value)
      }
    }
    check(state)
    observeState(flag: flag, check, onStoreEnd: onStoreEnd)
    return ObservationToken(flag: flag)
  }

  /// Registers `body` with the root's runtime, wrapped by every scope on the way.
  ///
  /// - Parameter gate: The count of the part of the state `body` watches, when a scope on the
  ///   way keeps one (`scope(state:action:name:version:)`): the root skips `body` on a pass
  ///   where it did not grow. The innermost scope's wins; it stands for the least state.
  @inlinable
  func observeState(
    flag: ObservationFlag, gate: StateVersion? = nil, _ body: @escaping (State) -> Void,
    onStoreEnd: ((State) -> Void)?
  ) {
    switch source {
    case .root(let runtime):
      runtime.addObserver(.init(flag: flag, gate: gate, body: body, onStoreEnd: onStoreEnd))
    case .scoped(let scoped):
      let metrics = metrics
      scoped.observe(
        flag, gate,
        { state in
          StoreMetrics.bump(metrics.stateDerivations)
          body(state)
        }, onStoreEnd)
    }
  }
}

extension Store {
  /// Calls `onPass` with the state after every batch of actions this store handles, and
  /// `onEnd` once with the last state when the store is released: the hook of a view store,
  /// which compares only what its view read. `onPass` returns whether anything it watches
  /// changed; each pass is counted as a state derivation, each `true` as a notification.
  ///
  /// - Parameters:
  ///   - onPass: Sees each new state; returns whether it notified anyone.
  ///   - onEnd: Sees the final state.
  /// - Returns: The token that keeps the observation alive.
  @inlinable
  package func observeStates(
    _ onPass: @escaping (State) -> Bool, onEnd: @escaping (State) -> Void
  ) -> ObservationToken {
    let metrics = metrics
    let flag = ObservationFlag()
    observeState(
      flag: flag,
      { state in
        StoreMetrics.bump(metrics.stateDerivations)
        if onPass(state) { StoreMetrics.bump(metrics.notifications) }
      }, onStoreEnd: onEnd)
    return ObservationToken(flag: flag)
  }
}
