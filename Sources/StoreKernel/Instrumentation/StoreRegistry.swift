import Synchronization

/// The process-wide view of every store: which are alive, and the total of their events.
///
/// Stores register when created and leave when released; their counts are kept in the totals.
/// Registration takes a lock, but only at creation and release, never on `send`.
///
/// `Sendable`: its state is behind a lock.
public enum StoreRegistry {
  private struct State {
    var live: [ObjectIdentifier: StoreMetrics] = [:]
    var retired = StoreEvents()
    var baseline = StoreEvents()
    /// Released stores' counts and reset baselines by store name, so one feature's (or one
    /// test's) stores can be measured apart from everything else in the process.
    var retiredByName: [String: StoreEvents] = [:]
    var baselineByName: [String: StoreEvents] = [:]

    func sum(named name: String) -> StoreEvents {
      var sum = retiredByName[name] ?? StoreEvents()
      for store in live.values where store.name == name { sum = sum.adding(store.events) }
      return sum
    }
  }

  private static let state = Mutex(State())

  static func register(_ metrics: StoreMetrics) {
    state.withLock { $0.live[ObjectIdentifier(metrics)] = metrics }
  }

  static func unregister(_ metrics: StoreMetrics) {
    let events = metrics.events
    state.withLock { state in
      if state.live.removeValue(forKey: ObjectIdentifier(metrics)) != nil {
        state.retired = state.retired.adding(events)
        state.retiredByName[metrics.name, default: StoreEvents()] =
          (state.retiredByName[metrics.name] ?? StoreEvents()).adding(events)
      }
    }
  }

  /// How many stores (root and scoped) are alive now.
  public static var liveStoreCount: Int {
    state.withLock { $0.live.count }
  }

  /// A named snapshot of every live store, sorted by name.
  public static var liveStores: [StoreSnapshot] {
    let metrics = state.withLock { Array($0.live.values) }
    return metrics.map { StoreSnapshot(name: $0.name, events: $0.events) }
      .sorted { $0.name < $1.name }
  }

  /// The events of every store, live or released, since the process started or since the last
  /// ``resetTotals()``.
  public static var totals: StoreEvents {
    let (metrics, retired, baseline) = state.withLock {
      (Array($0.live.values), $0.retired, $0.baseline)
    }
    var sum = retired
    for store in metrics { sum = sum.adding(store.events) }
    return sum.subtracting(baseline)
  }

  /// The events of every store, live or released, that carries `name`, since the process
  /// started or since the last ``resetTotals()``: one feature's cost, unaffected by other
  /// stores in the process.
  ///
  /// - Parameter name: The store name (given at creation, or the state type's name).
  /// - Returns: Their summed events.
  public static func totals(named name: String) -> StoreEvents {
    state.withLock { $0.sum(named: name).subtracting($0.baselineByName[name] ?? StoreEvents()) }
  }

  /// Starts the process-wide totals, and the totals of each name, from zero again. Per-store
  /// counts are not changed.
  public static func resetTotals() {
    let current = totals
    state.withLock { state in
      state.baseline = state.baseline.adding(current)
      let names = Set(state.live.values.map(\.name)).union(state.retiredByName.keys)
      for name in names { state.baselineByName[name] = state.sum(named: name) }
    }
  }
}
