import StoreKernel

/// A `settle()` that would wait for the very effect it is called from can never return. The
/// host looks for that before waiting, in everything the settle waits for: the feature's own
/// effects (its store's, or, composed into the store that presents it, those carrying its
/// ``EffectMark``, which the features composed into it carry too) and the effects of the
/// features it presents in stores of their own, at any depth.
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
    return runningChildren?.featureRunningCurrentTask(visited: &visited)
  }

  /// The features this one presents in its own store, where a settle waits for them too. A
  /// composed feature has none of its own: it reaches the running children of the store it is
  /// composed into, its neighbours' among them, and those composed into it carry its mark.
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
    guard let presented = runningChildren?.featureRunningCurrentTask(visited: &visited)
    else { return false }
    IssueReporter.report(
      "settle() of feature \(name) was called from an effect of \(presented), a feature it "
        + "presents: it waits for the features it presents to settle, so it would wait for the "
        + "effect it is called from, forever, and returned at once. Settle from the host, "
        + "outside the features' effects (docs/decisions/0007-ui-free-boundary.md, Settle).")
    return true
  }
}
