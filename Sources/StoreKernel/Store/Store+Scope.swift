extension Store {
  /// Derives a child store that sees part of this store's state and sends child actions
  /// embedded into this store's actions: the single-store style.
  ///
  /// The child keeps its parent alive. It has no state of its own: each read derives the
  /// child's state from the parent (counted as a state derivation). Each send goes straight to
  /// the root, its action embedded through every level, and counts as an action received at
  /// every level.
  ///
  /// ```swift
  /// let counter = appStore.scope(state: \.counter, action: AppAction.counter)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Derives the child's state; keep it a stored property.
  ///   - embed: Wraps a child action into this store's actions.
  ///   - name: The child's name in instrumentation.
  /// - Returns: The child store, on this store's actor.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action embed: @escaping (ChildAction) -> Action,
    name: String? = nil
  ) -> Store<ChildState, ChildAction> {
    scoped(
      name: name ?? "\(self.name)/\(ChildState.self)", embedding: embed,
      read: { [self] in toChildState(self.state) },
      observe: { [self] flag, gate, body, onEnd in
        self.observeState(
          flag: flag, gate: gate, { body(toChildState($0)) },
          onStoreEnd: onEnd.map { end in { end(toChildState($0)) } })
      })
  }

  /// Derives a child store, as `scope(state:action:name:)` does, that is derived again only
  /// when `changeKey` says its part of the state may have changed: after a batch of actions,
  /// the child's observers see a new state only if `changeKey` gives another value than after
  /// the last batch. This is what an app whose views track what they read gets (SwiftUI with
  /// Observation): scope functions whose input did not change are not run at all.
  ///
  /// ```swift
  /// // `settingsVersion` is bumped by the app's reducer whenever the settings change.
  /// let settings = appStore.scope(
  ///   state: \.settings, action: AppAction.settings, changesWith: \.settingsVersion)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Derives the child's state; keep it a stored property.
  ///   - embed: Wraps a child action into this store's actions.
  ///   - name: The child's name in instrumentation.
  ///   - changeKey: A cheap value that changes whenever the child's state may have; it must
  ///     change at least as often as the child's state does, or observers miss changes.
  /// - Returns: The child store, on this store's actor.
  @inlinable
  public func scope<ChildState, ChildAction, Key: Equatable>(
    state toChildState: @escaping (State) -> ChildState,
    action embed: @escaping (ChildAction) -> Action,
    name: String? = nil,
    changesWith changeKey: @escaping (State) -> Key
  ) -> Store<ChildState, ChildAction> {
    scoped(
      name: name ?? "\(self.name)/\(ChildState.self)", embedding: embed,
      read: { [self] in toChildState(self.state) },
      observe: { [self] flag, gate, body, onEnd in
        // Each observer remembers the key of the state it last saw; an unchanged key skips
        // the derivation (and is not counted as one).
        var lastKey = changeKey(self.state)
        self.observeState(
          flag: flag, gate: gate,
          { state in
            let key = changeKey(state)
            guard key != lastKey else { return }
            lastKey = key
            body(toChildState(state))
          },
          onStoreEnd: onEnd.map { end in { end(toChildState($0)) } })
      })
  }

  /// Derives a child store, as `scope(state:action:name:)` does, whose observers the root
  /// skips, without a call, on a pass where `version` did not grow: for a part of the state
  /// whose owner bumps a count whenever it may have changed (a feature composed into this
  /// store). Reading the child's state derives it as usual.
  ///
  /// - Parameters:
  ///   - toChildState: Derives the child's state.
  ///   - embed: Wraps a child action into this store's actions.
  ///   - name: The child's name in instrumentation.
  ///   - version: Grows at least whenever the child's state may have changed; observers miss
  ///     changes it does not count.
  /// - Returns: The child store, on this store's actor.
  @inlinable
  package func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action embed: @escaping (ChildAction) -> Action,
    name: String,
    version: StateVersion
  ) -> Store<ChildState, ChildAction> {
    scoped(
      name: name, embedding: embed,
      read: { [self] in toChildState(self.state) },
      observe: { [self] flag, gate, body, onEnd in
        // A gate of a scope further in stands for less of the state: it wins.
        self.observeState(
          flag: flag, gate: gate ?? version, { body(toChildState($0)) },
          onStoreEnd: onEnd.map { end in { end(toChildState($0)) } })
      })
  }

  /// A child store of this one that reads its state with `read` and registers its observers
  /// with `observe`, its actions embedded with `embed` on their way to the root: what every
  /// scope makes. Inlinable with them, so that its closures are formed in the caller's module.
  @inlinable
  func scoped<ChildState, ChildAction>(
    name: String,
    embedding embed: @escaping (ChildAction) -> Action,
    read: @escaping () -> ChildState,
    observe:
      @escaping (
        ObservationFlag, StateVersion?, @escaping (ChildState) -> Void, ((ChildState) -> Void)?
      ) -> Void
  ) -> Store<ChildState, ChildAction> {
    let path = pathToRoot(embedding: embed)
    return Store<ChildState, ChildAction>(
      scoped: ScopedSource(
        parent: self,
        read: read,
        deliver: path.deliver,
        deliverBatch: path.deliverBatch,
        ancestorMetrics: path.ancestorMetrics,
        observe: observe,
        setChangeHook: { [self] in self.printChanges(to: $0) },
        runningEffectCount: { [self] in self.runningEffectCount },
        runningTasks: { [self] in self.runningTasksForScope() }
      ),
      name: name,
      registry: registry,
      isolation: isolation
    )
  }

  /// Derives a child store along a key path of state and an action path.
  ///
  /// - Parameters:
  ///   - state: The key path of the child's state.
  ///   - action: The path of the child's actions.
  ///   - name: The child's name in instrumentation.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: ActionPath<Action, ChildAction>,
    name: String? = nil
  ) -> Store<ChildState, ChildAction> {
    scope(state: { $0[keyPath: state] }, action: action.embed, name: name)
  }

  @usableFromInline
  package func runningTasksForScope() -> [Task<Void, Never>] {
    switch source {
    case .root(let runtime): return runtime.effects.runningTasks
    case .scoped(let scoped): return scoped.runningTasks()
    }
  }
}
