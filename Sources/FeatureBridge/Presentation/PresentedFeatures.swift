import StoreKernel

/// The features one store presents that are running now, each under the id of the child it is
/// (``EffectID/marksChild``): what the presenting operators start, reach and stop. One per
/// store that presents features (an operator state), confined to its actor.
final class PresentedFeatures {
  private var running: [EffectID: any PresentedFeatureHandle] = [:]

  /// How many are running: a test checks dismissing leaves none.
  var count: Int { running.count }

  func insert(_ feature: any PresentedFeatureHandle, for id: EffectID) {
    running[id] = feature
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
    running.removeValue(forKey: id)
  }

  /// Stops every presented feature as a host's `stop()` does (its stop action runs and is
  /// awaited), before the store that presents them stops, on `isolation`: their actor.
  nonisolated(nonsending) func stopAll() async {
    let features = running.values
    running = [:]
    for feature in features { await feature.stop() }
  }
}

/// A presented feature, whatever its input and output: confined to the presenting store's actor.
protocol PresentedFeatureHandle: AnyObject {
  /// Stops it as `Feature.stop()` does, on the caller's actor (the one it lives on).
  nonisolated(nonsending) func stop() async
  /// Stops it at once, as a feature let go: its effects cancelled, its store released.
  func letGo()
}

/// A presented feature and the task that carries its outputs to the parent.
final class PresentedFeature<Input: Sendable, Output: Sendable>: PresentedFeatureHandle {
  let feature: Feature<Input, Output>

  init(_ feature: Feature<Input, Output>) {
    self.feature = feature
  }

  nonisolated(nonsending) func stop() async {
    await feature.stop()
  }

  func letGo() {
    feature.stopNow()
  }
}
