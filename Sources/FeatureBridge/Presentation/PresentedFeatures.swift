import MultiStorePrimitives
import StoreKernel

/// The features one store presents that are running now, each under the id of the child it is
/// (``EffectID/marksChild``): what the presenting operators start, reach and stop. One per
/// store that presents features (an operator state), confined to its actor.
final class PresentedFeatures {
  private var running: [EffectID: any PresentedFeatureHandle] = [:]
  /// Where each sits: how many children deep, and when it came (``stopAll()``'s order).
  private var places: [EffectID: (depth: Int, sequence: Int)] = [:]
  private var sequence = 0

  /// How many are running: a test checks dismissing leaves none.
  var count: Int { running.count }

  /// Keeps `feature`, presented as the child `id`, `depth` children deep in the store.
  func insert(_ feature: any PresentedFeatureHandle, for id: EffectID, depth: Int) {
    running[id] = feature
    places[id] = (depth, sequence)
    sequence += 1
  }

  func feature(for id: EffectID) -> (any PresentedFeatureHandle)? {
    running[id]
  }

  /// The feature presented as the child `navigation`, wherever the presenting reducer sits in
  /// the store's reducers (the key is the child's id as the root sees it, under the children
  /// above it).
  func feature(presentedAs navigation: NavigationID) -> (any PresentedFeatureHandle)? {
    running.first { $0.key.markedChild == navigation }?.value
  }

  /// Takes the feature presented as `id` out: the caller stops it.
  func remove(_ id: EffectID) -> (any PresentedFeatureHandle)? {
    places[id] = nil
    return running.removeValue(forKey: id)
  }

  /// Waits until every presented feature has settled (``Feature/settle()``) and the outputs it
  /// has emitted have reached this store, again while settling presents more: what a host's
  /// `settle()` of the presenting feature waits for besides its own inputs' work.
  ///
  /// A feature that a settle of these is settling already is not settled again.
  nonisolated(nonsending) func settleAll() async {
    var settled = Set<ObjectIdentifier>()
    while let next = running.values.first(where: {
      !settled.contains(ObjectIdentifier($0)) && !settling.contains(ObjectIdentifier($0))
    }) {
      let id = ObjectIdentifier(next)
      settled.insert(id)
      settling.insert(id)
      await next.settle()
      settling.remove(id)
    }
  }

  /// The name of the feature whose effect the current task runs, among these and those they
  /// present, skipping the hosts in `visited` (see `FeatureHost.featureRunningCurrentTask`).
  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String? {
    for feature in running.values {
      if let name = feature.featureRunningCurrentTask(visited: &visited) { return name }
    }
    return nil
  }

  /// The presented features being settled now.
  private var settling = Set<ObjectIdentifier>()

  /// Stops every presented feature as a host's `stop()` does (its stop action runs and is
  /// awaited), before the store that presents them stops, on `isolation`: their actor.
  nonisolated(nonsending) func stopAll() async {
    // The deepest first, so what a feature hands over while it stops reaches its parent before
    // the parent stops; among equals, in the order they came.
    let order = running.keys.sorted {
      let (left, right) = (places[$0] ?? (0, 0), places[$1] ?? (0, 0))
      return left.depth != right.depth ? left.depth > right.depth : left.sequence < right.sequence
    }
    let features = order.compactMap { running[$0] }
    running = [:]
    places = [:]
    for feature in features { await feature.stop() }
  }
}

/// A presented feature, whatever its input and output: confined to the presenting store's actor.
protocol PresentedFeatureHandle: AnyObject {
  /// Stops it as `Feature.stop()` does, on the caller's actor (the one it lives on).
  nonisolated(nonsending) func stop() async
  /// Stops it at once, as a feature let go: its effects cancelled, its store released.
  func letGo()
  /// Waits until it has settled and the outputs it has emitted have reached its parent.
  nonisolated(nonsending) func settle() async
  /// The name of the feature whose effect the current task runs, among it and the features it
  /// presents, skipping the hosts in `visited`.
  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String?
}

/// A presented feature and the task that carries its outputs to the parent.
final class PresentedFeature<Input: Sendable, Output: Sendable>: PresentedFeatureHandle {
  let feature: Feature<Input, Output>
  /// How many of its outputs the task that carries them has handed to the parent.
  let carried = CarriedOutputs()

  init(_ feature: Feature<Input, Output>) {
    self.feature = feature
  }

  nonisolated(nonsending) func stop() async {
    await feature.stop()
    // What it emitted while stopping (an editor's last text) reaches the parent before the
    // parent goes on stopping.
    await carried.until(feature.metrics.outputsEmitted)
    carried.end()
  }

  func letGo() {
    feature.stopNow()
    carried.end()
  }

  nonisolated(nonsending) func settle() async {
    await feature.settle()
    await carried.until(feature.metrics.outputsEmitted)
  }

  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String? {
    feature.host.featureRunningCurrentTask(visited: &visited)
  }
}

/// A count of the outputs carried to a parent, and the parents' settles waiting for it: the
/// carrying task counts off the parent's actor, the settle waits on it.
///
/// `Sendable`: a `LockedValue`.
final class CarriedOutputs: Sendable {
  private struct State {
    var count = 0
    var ended = false
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedValue(State())

  /// One more output reached the parent.
  func add() {
    let ready = state.withLock { state in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.count <= count }
      state.waiters.removeAll { $0.count <= count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// The feature stopped: nothing more will be carried, and nobody waits for it.
  func end() {
    let waiting = state.withLock { state in
      state.ended = true
      let waiting = state.waiters
      state.waiters = []
      return waiting
    }
    for waiter in waiting { waiter.continuation.resume() }
  }

  /// Returns once `count` outputs have been carried, or the feature has stopped.
  func until(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.ended || state.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }
}
