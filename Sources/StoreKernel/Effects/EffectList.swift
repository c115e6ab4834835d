import MultiStorePrimitives

/// The parts of a merge or a concatenation that may grow one at a time
/// (`effect = effect.concatenate(with: next)` in a loop): appending to the effect built last
/// shares its storage instead of copying it, so a chain of n links costs O(n) to build, stays
/// one level deep (starting it and releasing it never recurse per link), and an effect built
/// earlier keeps seeing only its own parts.
///
/// Each effect that uses a list holds it with the count of parts that are its own; an append
/// succeeds only when the list still ends there, so two effects built from the same one never
/// see each other's parts: the second one copies.
///
/// `Sendable`: the parts are behind a lock (effects are built on any thread).
final class EffectList<Action: Sendable>: Sendable {
  private let parts: LockedValue<[Effect<Action>]>

  init(_ parts: [Effect<Action>]) {
    self.parts = LockedValue(parts)
  }

  /// The first `count` parts.
  func prefix(_ count: Int) -> [Effect<Action>] {
    parts.withLock { Array($0.prefix(count)) }
  }

  /// Appends `more` when the list holds exactly `count` parts; returns whether it did.
  func append(contentsOf more: some Collection<Effect<Action>>, ifCount count: Int) -> Bool {
    parts.withLock { parts in
      guard parts.count == count else { return false }
      parts.append(contentsOf: more)
      return true
    }
  }
}

/// A run of parts in an ``EffectList``: the first `count` of them.
struct EffectRun<Action: Sendable>: Sendable {
  let list: EffectList<Action>
  let count: Int

  var parts: [Effect<Action>] { list.prefix(count) }

  /// These parts followed by `more`: sharing the list when nothing was appended to it since,
  /// else a new list.
  func appending(contentsOf more: [Effect<Action>]) -> EffectRun {
    if list.append(contentsOf: more, ifCount: count) {
      return EffectRun(list: list, count: count + more.count)
    }
    return EffectRun(parts + more)
  }

  init(_ parts: [Effect<Action>]) {
    list = EffectList(parts)
    count = parts.count
  }

  private init(list: EffectList<Action>, count: Int) {
    self.list = list
    self.count = count
  }
}
