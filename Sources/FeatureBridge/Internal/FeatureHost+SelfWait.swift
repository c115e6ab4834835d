import StoreKernel

/// A `settle()` that would wait for the very effect it is called from can never return. The
/// host looks for that before waiting, in everything the settle waits for: the feature's own
/// effects (its store's, or, composed into the store that presents it, those carrying its
/// ``EffectMark``, which the features composed into it carry too) and the effects of the
/// features it presents in stores of their own, at any depth (composed, those of the store it
/// is composed into that it presents).
/// The host of a feature composed into another store, told which features it presents there in
/// stores of their own (its entry among that store's running children tells it).
protocol ComposedFeatureHost: AnyObject {
  /// Reaches `presented` from its settle, its stop and its self-wait check.
  func reach(_ presented: PresentedInStoresOfTheirOwn?)
}

extension FeatureHost: ComposedFeatureHost {
  func reach(_ presented: PresentedInStoresOfTheirOwn?) {
    presentedInStoresOfTheirOwn = presented
  }
}

extension FeatureHost {
  /// Whether the current task runs one of this feature's own effects.
  var currentTaskIsItsEffect: Bool {
    if let store, store.isCurrentTaskItsEffect { return true }
    return effectMark?.isOnCurrentTask ?? false
  }

  /// The name of the feature whose effect the current task runs, among this feature and
  /// those it presents (at any depth), skipping the hosts in `visited`.
  @usableFromInline
  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String? {
    guard visited.insert(ObjectIdentifier(self)).inserted else { return nil }
    if currentTaskIsItsEffect { return name }
    if let presented = presentedInStoresOfTheirOwn {
      return presented.featureRunningCurrentTask(visited: &visited)
    }
    return runningChildren?.featureRunningCurrentTask(visited: &visited)
  }

  /// The features this one presents in its own store, where a settle waits for them too. A
  /// composed feature has no store of its own: of the running children of the store it is
  /// composed into, it reaches those it presents in stores of their own
  /// (`presentedInStoresOfTheirOwn`), and those composed into it carry its mark.
  private var runningChildren: RunningChildren? {
    guard endEffects == nil else { return nil }
    return store?.runningChildren
  }

  /// Reports a settle that would wait for the effect it is called from, and says whether it
  /// did: the caller returns at once instead of waiting forever.
  func reportSettleWaitingForItself() -> Bool {
    if currentTaskIsItsEffect {
      IssueReporter.report(
        "settle() of feature \(name) was called from one of that feature's own effects: it "
          + "would wait for the effect it is called from, forever, so it returned at once. "
          + "Settle from the host, outside the feature's effects (docs/decisions/"
          + "0007-ui-free-boundary.md, Settle).")
      return true
    }
    var visited: Set = [ObjectIdentifier(self)]
    guard
      let presented = presentedInStoresOfTheirOwn?.featureRunningCurrentTask(visited: &visited)
        ?? runningChildren?.featureRunningCurrentTask(visited: &visited)
    else { return false }
    IssueReporter.report(
      "settle() of feature \(name) was called from an effect of \(presented), a feature it "
        + "presents: it waits for the features it presents to settle, so it would wait for the "
        + "effect it is called from, forever, and returned at once. Settle from the host, "
        + "outside the features' effects (docs/decisions/0007-ui-free-boundary.md, Settle).")
    return true
  }
}
