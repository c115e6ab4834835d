import StoreKernel

/// A `settle()` that would wait for the very effect it is called from can never return. The
/// host looks for that before waiting, in everything the settle waits for: the feature's own
/// effects (its store's, or, composed on a slot of a root store, those carrying its
/// ``EffectMark``) and the effects of the features it presents, at any depth.
extension FeatureHost {
  /// Whether the current task runs one of this feature's own effects.
  var currentTaskIsItsEffect: Bool {
    if let store, store.isCurrentTaskItsEffect { return true }
    return effectMark?.isOnCurrentTask ?? false
  }

  /// The name of the feature whose effect the current task runs, among this feature and
  /// those it presents (at any depth), skipping the hosts in `visited`: in a single-store app
  /// every feature's host reaches the root's presented features, itself among them.
  @usableFromInline
  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String? {
    guard visited.insert(ObjectIdentifier(self)).inserted else { return nil }
    if currentTaskIsItsEffect { return name }
    // A feature composed into another store has no running children of its own: those in its
    // store are the root's, every composed feature's, and their effects are the root's too.
    guard endEffects == nil else { return nil }
    return store?.existingOperatorState(PresentedFeatures.self)?
      .featureRunningCurrentTask(visited: &visited)
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
    guard endEffects == nil,
      let presented = store?.existingOperatorState(PresentedFeatures.self)?
        .featureRunningCurrentTask(visited: &visited)
    else { return false }
    IssueReporter.report(
      "settle() of feature \(name) was called from an effect of \(presented), a feature it "
        + "presents: it waits for the features it presents to settle, so it would wait for the "
        + "effect it is called from, forever, and returned at once. Settle from the host, "
        + "outside the features' effects (docs/decisions/0007-ui-free-boundary.md, Settle).")
    return true
  }
}
