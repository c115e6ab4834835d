/// A merge too long to copy on every link: what `merge` makes once a merge has more than
/// ``inlineLimit`` parts, so a merge grown one effect at a time is appended to in place (see
/// `EffectList`). Short merges stay the `.merge` primitive, started inline.
struct MergeChain<Action: Sendable>: EffectOperator {
  /// The most parts a `.merge` primitive holds; copying that many on an append is cheap.
  static var inlineLimit: Int { 32 }

  let run: EffectRun<Action>
  let nestingDepth: Int

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    StoreTask(all: run.parts.map { runtime.start($0, ids: ids) })
  }

  func perform(sending send: Send<Action>) async {
    await EffectInterpreter.perform(Effect(.merge(run.parts)), send: send)
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    .merge(run.parts.map(transform.effect))
  }

  var isImmediate: Bool { run.parts.allSatisfy(\.isImmediate) }
}
