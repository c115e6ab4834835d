// Package-only access for the test tools (StoreKernelTesting): bookkeeping a test asserts on
// and dependencies a test store replaces.
extension Store {
  /// How many entries the runtime's effect table holds, finished effects not yet pruned
  /// included; `nil` on a scoped store. Tests read it to check that the bookkeeping of a
  /// long-running store stays bounded however many effects it has run.
  package var effectTableCount: Int? {
    guard case .root(let runtime) = source else { return nil }
    return runtime.effects.count
  }

  /// How many throttle windows the runtime keeps, closed ones not yet forgotten included;
  /// `nil` on a scoped store. Tests read it to check that windows do not pile up.
  package var throttleWindowCount: Int? {
    guard case .root(let runtime) = source else { return nil }
    let key = ObjectIdentifier(ThrottleWindows<Action>.self)
    return (runtime.operatorStates[key] as? ThrottleWindows<Action>)?.count ?? 0
  }

  /// How many bounded-debounce bursts the runtime keeps, cancelled ones not yet forgotten
  /// included; `nil` on a scoped store. Tests read it to check that bursts do not pile up.
  package var debounceBurstCount: Int? {
    guard case .root(let runtime) = source else { return nil }
    let key = ObjectIdentifier(DebounceBursts.self)
    return (runtime.operatorStates[key] as? DebounceBursts)?.count ?? 0
  }
}

extension Store {
  /// The dependency values of this store's runtime. A scoped store has no runtime of its own:
  /// it answers empty values (not its root's), and setting them does nothing.
  @usableFromInline package var dependencyValues: DependencyValues {
    get {
      switch source {
      case .root(let runtime): return runtime.dependencies.values
      case .scoped: return DependencyValues()
      }
    }
    set {
      guard case .root(let runtime) = source else { return }
      runtime.replaceDependencies(with: newValue)
    }
  }

  /// How many observers the runtime keeps, those whose token was released but not yet dropped
  /// included; `nil` on a scoped store. Tests read it to check that observations made and
  /// dropped on an idle store do not pile up.
  package var observerCount: Int? {
    guard case .root(let runtime) = source else { return nil }
    return runtime.observers.count
  }
}
