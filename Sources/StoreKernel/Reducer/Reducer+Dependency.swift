extension Reducer {
  /// This reducer with one dependency overridden: for its runs and for the effects it creates.
  ///
  /// The override applies on top of the store's dependencies (each store still resolves its
  /// own), so one screen of an app can run with a different value than the rest:
  ///
  /// ```swift
  /// Scope(state: \AppState.dice, action: AppAction.dicePath) {
  ///   Dice().dependency(\.randomNumberGenerator, .seeded(7))
  /// }
  /// ```
  ///
  /// Each run copies the store's dependency values once; keep it off reducers on hot paths
  /// that do not need it.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to override.
  ///   - value: Its value for this reducer.
  /// - Returns: The reducer with the override.
  public func dependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyOverridingReducer<Self> {
    DependencyOverridingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// This reducer with its dependencies changed by `update`: for its runs and for the effects
  /// it creates.
  ///
  /// - Parameter update: Changes the dependency values.
  /// - Returns: The reducer with the changes.
  public func transformDependency(
    _ update: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> DependencyOverridingReducer<Self> {
    DependencyOverridingReducer(base: self, update: update)
  }

  /// This reducer with the dependency at `keyPath` changed by `transform`: for its runs and
  /// for the effects they return. TCA's `transformDependency(\.apiClient) { $0.fetch = … }`.
  ///
  /// ```swift
  /// let reducer = Counter().transformDependency(\.greeting) { $0 += ", changed" }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to change.
  ///   - transform: Changes the value the reducer would have had.
  /// - Returns: A reducer that runs this one with the changed dependency.
  public func transformDependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyOverridingReducer<Self> {
    DependencyOverridingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer that runs `base` with changed dependencies; made by
/// ``Reducer/dependency(_:_:)``.
///
/// `Sendable` when its base reducer is.
public struct DependencyOverridingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  /// Runs the base reducer with the changed dependencies.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    update(&values)
    return ReducerDependencies.with(DependencyScope(values)) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Runs the base reducer's start with the overridden dependencies.
  ///
  /// - Parameter state: The store's initial state.
  /// - Returns: The base reducer's effects at the store's start.
  public func reduceStoreStart(into state: inout Base.State) -> Effect<Base.Action> {
    var values = DependencyValues.current
    update(&values)
    return ReducerDependencies.with(DependencyScope(values)) {
      base.reduceStoreStart(into: &state)
    }
  }
}

extension DependencyOverridingReducer: Sendable where Base: Sendable {}
