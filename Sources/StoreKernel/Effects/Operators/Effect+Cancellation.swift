extension Effect {
  /// Marks this effect as cancellable by `id` in the store that starts it.
  ///
  /// Ids are scoped to one store (and the scoped children that share its runtime): an
  /// independent store using the same id is never affected.
  ///
  /// `.none` stays `.none`, as in TCA: `Effect.none.cancellable(id: x, cancelInFlight: true)`
  /// cancels nothing. To cancel, return ``cancel(id:)``.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value.
  ///   - cancelInFlight: Cancel the store's running effects with the same id before starting
  ///     this one.
  /// - Returns: The cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone { return self }
    return .cancellable(EffectID(id), cancelInFlight: cancelInFlight, self)
  }

  /// Cancels the store's running effects that were marked with `id`.
  ///
  /// - Parameter id: The id the effects were marked with.
  /// - Returns: An effect that cancels when the store starts it.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.composed(CancelEffects(id: EffectID(id))))
  }

  /// `effect`, marked with `id`.
  static func cancellable(_ id: EffectID, cancelInFlight: Bool, _ effect: Self) -> Self {
    holding(effect) {
      CancellableEffect(id: id, cancelInFlight: cancelInFlight, effect: effect, nestingDepth: $0)
    }
  }

  /// Cancels every effect of the child `navigation`.
  @usableFromInline
  static func cancel(navigation: NavigationID) -> Self {
    Self(.composed(CancelEffects(id: EffectID(navigation: navigation))))
  }
}

/// An effect whose tasks are registered under one more id: `.cancellable(id:)`.
struct CancellableEffect<Action: Sendable>: EffectOperator {
  let id: EffectID
  let cancelInFlight: Bool
  let effect: Effect<Action>
  let nestingDepth: Int

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    if cancelInFlight { runtime.cancel(id: id) }
    return runtime.start(effect, ids: ids.marked(with: id))
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    .cancellable(transform.id(id), cancelInFlight: cancelInFlight, transform.effect(effect))
  }

  var isImmediate: Bool { effect.isImmediate }
}

/// Cancels the effects marked with one id when it starts: `.cancel(id:)`.
struct CancelEffects<Action: Sendable>: EffectOperator {
  let id: EffectID

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    runtime.cancel(id: id)
    return StoreTask()
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    Effect<Other>(.composed(CancelEffects<Other>(id: transform.id(id))))
  }

  var isImmediate: Bool { true }
}
