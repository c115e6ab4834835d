extension Effect {
  /// The most levels an effect tree may have: 1,000. Starting, mapping and releasing a tree
  /// recurse once per level on the stack, and a tree 100,000 levels deep overflowed it (10,000
  /// did in a debug build). A level is a merge, a concatenation, `cancellable`, `throttle`,
  /// `debounce` or `timeout` around effects; a chain grown one link at a time
  /// (`effect = effect.concatenate(with: next)`, the same for `merge(with:)`) stays one level
  /// however long it is, and `map` adds none. Only trees that alternate operators nest: a merge
  /// of a concatenation of a merge…
  ///
  /// A tree built past the limit is reported through ``IssueReporter`` where it is built, once,
  /// and does nothing when started, nor does any tree built from it (so none of its parts run
  /// out of their order): docs/decisions/0013-effects-from-primitives.md.
  package static var nestingLimit: Int { 1_000 }

  /// How many levels this effect's tree has: 0 for `.none`, `.send` and `.run`, one more than
  /// its deepest part for a merge or an operator that holds effects. Each operator keeps its
  /// own, so this costs O(parts), never O(tree).
  package var nestingDepth: Int {
    switch operation {
    case .none, .send, .run: return 0
    case .merge(let effects): return 1 + Self.deepest(effects)
    case .composed(let composed): return composed.nestingDepth
    }
  }

  /// The depth of the deepest of `effects`.
  static func deepest(_ effects: some Sequence<Self>) -> Int {
    var deepest = 0
    for effect in effects { deepest = Swift.max(deepest, effect.nestingDepth) }
    return deepest
  }

  /// The depth of a tree that was dropped for being too deep, and of every tree built from it:
  /// past any limit, and far enough from overflowing when levels are added to it.
  static var droppedDepth: Int { Int.max / 2 }

  /// `effect` held alone by the operator `make` builds, one level above it: `make` is given
  /// the operator's depth (``EffectOperator/nestingDepth``). Within ``nestingLimit`` only, as
  /// ``nesting(partsDepth:_:)``.
  static func holding(
    _ effect: Self, in make: (_ nestingDepth: Int) -> some EffectOperator<Action>
  ) -> Self {
    let depth = effect.nestingDepth
    return nesting(partsDepth: depth) { Self(.composed(make(depth + 1))) }
  }

  /// `make()`, an effect one level above parts at most `partsDepth` deep, when that is within
  /// ``nestingLimit``. Past it, the tree is reported (unless a part was already dropped, and
  /// reported, for the same reason) and dropped: nothing of it runs.
  static func nesting(partsDepth: Int, _ make: () -> Self) -> Self {
    guard partsDepth >= nestingLimit else { return make() }
    if partsDepth < droppedDepth {
      IssueReporter.report(
        "An effect tree deeper than \(nestingLimit) levels was built (a merge, a concatenation, "
          + "cancellable, throttle, debounce or timeout around effects, nested again and again): "
          + "it is dropped, and nothing of it runs. Grow a chain one link at a time "
          + "(effect = effect.concatenate(with: next)), which stays one level deep, or start the "
          + "work in steps. The limit is documented on Effect and in "
          + "docs/decisions/0013-effects-from-primitives.md.")
    }
    return Self(.composed(DroppedEffect()))
  }
}

/// What an effect tree deeper than ``Effect/nestingLimit`` becomes: nothing. Any tree built
/// from it is dropped too (its depth is past every limit), without being reported again.
struct DroppedEffect<Action: Sendable>: EffectOperator {
  var nestingDepth: Int { Effect<Action>.droppedDepth }

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    StoreTask()
  }

  func perform(sending send: Send<Action>) async {}

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    Effect<Other>(.composed(DroppedEffect<Other>()))
  }

  var isImmediate: Bool { true }
}
