extension Effect {
  /// Runs `effects` one after the other; each starts when the previous one has finished.
  ///
  /// The leading effects that finish at once (`.send`, `.cancel`, and merges of them) are
  /// handled synchronously, in order, before the `send` that returned the concatenation
  /// returns, as in TCA; the rest run in one task. An id the concatenation is marked with
  /// (`.cancellable(id:)`, or the child it belongs to) covers every part of it, a throttled
  /// effect it holds included: cancelling the id drops the held effect.
  ///
  /// - Parameter effects: The effects to run in order.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs `effects` one after the other; each starts when the previous one has finished.
  ///
  /// Leading `.send` and `.cancel` effects are handled synchronously, before `send` returns;
  /// an enclosing cancellation id covers every part, a held throttled effect included. See
  /// the variadic `concatenate(_:)`.
  ///
  /// - Parameter effects: The effects to run in order.
  public static func concatenate(_ effects: [Self]) -> Self {
    // A concatenation inside a concatenation is spliced into it, and one that comes first is
    // appended to in place (see `EffectList`): `a.concatenate(with: b).concatenate(with: c)…`
    // costs O(1) a link and stays one level deep however long the chain.
    var work = effects.filter { !$0.isNone }
    guard work.count > 1 else { return work.first ?? .none }
    var head: EffectRun<Action>?
    // The deepest part's depth: the head's parts' (kept by the head), and each new part's.
    var partsDepth = 0
    if let first = work[0].concatenation {
      head = first.run
      partsDepth = first.nestingDepth - 1
      work.removeFirst()
    }
    var more: [Self] = []
    more.reserveCapacity(work.count)
    for effect in work {
      if let inner = effect.concatenation {
        more.append(contentsOf: inner.parts)
        partsDepth = Swift.max(partsDepth, inner.nestingDepth - 1)
      } else {
        more.append(effect)
        partsDepth = Swift.max(partsDepth, effect.nestingDepth)
      }
    }
    return nesting(partsDepth: partsDepth) {
      let run = head?.appending(contentsOf: more) ?? EffectRun(more)
      return Self(.composed(Concatenation(run: run, nestingDepth: partsDepth + 1)))
    }
  }

  /// Runs this effect, then `other`.
  ///
  /// - Parameter other: The effect to run when this one has finished.
  /// - Returns: The concatenated effect.
  public func concatenate(with other: Self) -> Self {
    .concatenate([self, other])
  }

  private var concatenation: Concatenation<Action>? {
    guard case .composed(let composed) = operation else { return nil }
    return composed as? Concatenation<Action>
  }
}

/// Effects one after the other: `.concatenate`.
struct Concatenation<Action: Sendable>: EffectOperator {
  let run: EffectRun<Action>
  let nestingDepth: Int

  var parts: [Effect<Action>] { run.parts }

  /// The leading parts that finish at once (`.send`, `.cancel` and their merges) are handled
  /// now, in order, before `send` returns, as TCA does; the rest run in one task, each
  /// starting when the previous one has ended.
  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    let parts = parts
    guard let firstAsynchronous = parts.firstIndex(where: { !$0.isImmediate }) else {
      for part in parts { _ = runtime.start(part, ids: ids) }
      return StoreTask()
    }
    for part in parts[..<firstAsynchronous] { _ = runtime.start(part, ids: ids) }
    let rest = Concatenation(
      run: EffectRun(Array(parts[firstAsynchronous...])), nestingDepth: nestingDepth)
    // The parts the task hands back to the store (cancellables, throttles) are marked with the
    // concatenation's ids too, so cancelling an enclosing id (or removing the child it belongs
    // to) reaches what they started, a held throttled effect included.
    let send = runtime.send(scheduling: ids)
    let task = runtime.spawn(priority: nil, ids: ids, dependencies: nil) { _ in
      await rest.perform(sending: send)
    }
    return StoreTask(.one(task))
  }

  func perform(sending send: Send<Action>) async {
    for part in parts {
      if Task.isCancelled { return }
      await EffectInterpreter.perform(part, send: send)
    }
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    let parts = parts.map(transform.effect)
    return Effect<Other>(
      .composed(
        Concatenation<Other>(
          run: EffectRun(parts), nestingDepth: Effect<Other>.deepest(parts) + 1)))
  }

  var isImmediate: Bool { parts.allSatisfy(\.isImmediate) }
}
