import MultiStorePrimitives

/// Where stores count: which are alive, and the total of their events.
///
/// A registry belongs to whoever creates the stores: an app or a host makes its own and hands it
/// down through dependencies, so two apps in one process (a comparison, parallel tests) never see
/// each other's counts. Stores that are given none count into ``shared``, the process-wide
/// default.
///
/// ```swift
/// let registry = StoreRegistry()
/// let store = Store(initialState: 0, reducer: Counter()) { $0.storeRegistry = registry }
/// store.send(.increment)
/// print(registry.totals.actionsReceived)  // 1
/// ```
///
/// Stores register when created and leave when released; their counts are kept in the totals.
/// A scoped store counts into its parent's registry. Registration takes a lock, but only at
/// creation and release, never on `send`.
///
/// `Sendable`: its state is behind a lock.
public final class StoreRegistry: Sendable {
  private struct State {
    var live: [ObjectIdentifier: StoreMetrics] = [:]
    var retired = StoreEvents()
    var baseline = StoreEvents()
    /// Released stores' counts and reset baselines by store name, so one feature's stores can
    /// be measured apart from everything else in the registry.
    var retiredByName: [String: StoreEvents] = [:]
    var baselineByName: [String: StoreEvents] = [:]

    func sum(named name: String) -> StoreEvents {
      var sum = retiredByName[name] ?? StoreEvents()
      for store in live.values where store.name == name { sum = sum.adding(store.events) }
      return sum
    }
  }

  private let state = LockedValue(State())

  /// The registry of every store that was not given one: process-wide.
  public static let shared = StoreRegistry()

  /// Creates an empty registry.
  public init() {}

  func register(_ metrics: StoreMetrics) {
    state.withLock { $0.live[ObjectIdentifier(metrics)] = metrics }
  }

  func unregister(_ metrics: StoreMetrics) {
    state.withLock { state in
      guard state.live.removeValue(forKey: ObjectIdentifier(metrics)) != nil else { return }
      // Under the registry's lock, so no total is read between the store leaving and its
      // counts arriving; effects that end later are forwarded (`recordEffectEnd`).
      let events = metrics.retire(into: self)
      state.retired = state.retired.adding(events)
      state.retiredByName[metrics.name, default: StoreEvents()] =
        (state.retiredByName[metrics.name] ?? StoreEvents()).adding(events)
    }
  }

  /// An effect of a store that has left this registry ended: counted with the retired stores'.
  func recordEffectEnd(of name: String, cancelled: Bool) {
    state.withLock { state in
      var ended = StoreEvents()
      if cancelled { ended.effectsCancelled = 1 } else { ended.effectsFinished = 1 }
      state.retired = state.retired.adding(ended)
      state.retiredByName[name, default: StoreEvents()] =
        (state.retiredByName[name] ?? StoreEvents()).adding(ended)
    }
  }

  /// How many of this registry's stores (root and scoped) are alive now.
  public var liveStoreCount: Int {
    state.withLock { $0.live.count }
  }

  /// A named snapshot of every live store of this registry, sorted by name.
  public var liveStores: [StoreSnapshot] {
    let metrics = state.withLock { Array($0.live.values) }
    return metrics.map { StoreSnapshot(name: $0.name, events: $0.events) }
      .sorted { $0.name < $1.name }
  }

  /// The events of every store of this registry, live or released, since the registry was
  /// created or since the last ``resetTotals()``.
  public var totals: StoreEvents {
    let (metrics, retired, baseline) = state.withLock {
      (Array($0.live.values), $0.retired, $0.baseline)
    }
    var sum = retired
    for store in metrics { sum = sum.adding(store.events) }
    return sum.subtracting(baseline)
  }

  /// The events of every store of this registry, live or released, that carries `name`, since
  /// the registry was created or since the last ``resetTotals()``.
  ///
  /// - Parameter name: The store name (given at creation, or the state type's name).
  /// - Returns: Their summed events.
  public func totals(named name: String) -> StoreEvents {
    state.withLock { $0.sum(named: name).subtracting($0.baselineByName[name] ?? StoreEvents()) }
  }

  /// Starts the totals, and the totals of each name, from zero again. Per-store counts are not
  /// changed.
  public func resetTotals() {
    let current = totals
    state.withLock { state in
      state.baseline = state.baseline.adding(current)
      let names = Set(state.live.values.map(\.name)).union(state.retiredByName.keys)
      for name in names { state.baselineByName[name] = state.sum(named: name) }
    }
  }
}

extension DependencyValues {
  /// The registry a store counts into, read once when the store is created: ``StoreRegistry/shared``
  /// unless the host that creates the store hands down its own.
  public var storeRegistry: StoreRegistry {
    get { self[StoreRegistryKey.self] }
    set { self[StoreRegistryKey.self] = newValue }
  }
}

private enum StoreRegistryKey: DependencyKey {
  static var liveValue: StoreRegistry { .shared }
  static var testValue: StoreRegistry { .shared }
}
