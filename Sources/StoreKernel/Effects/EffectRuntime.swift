/// What an ``EffectOperator`` can ask of the store that starts it: the runtime's primitives.
/// Its one implementation is the store's runtime; an operator sees it only through this
/// protocol, on the store's actor, while it starts.
///
/// Not `Sendable`: confined to the store's actor. To come back to it later from a task, an
/// operator keeps the ``EffectRevisiting`` handle ``revisit()`` gives.
@usableFromInline
package protocol EffectRuntime<Action>: AnyObject {
  /// The actions of the store.
  associatedtype Action: Sendable

  /// Starts `effect` inside the cancellation ids `ids`, as part of the `send` being handled.
  func start(_ effect: Effect<Action>, ids: [EffectID]) -> StoreTask

  /// Cancels every running effect marked with `id`.
  func cancel(id: EffectID)

  /// Starts a task running `body`, registered under `ids` (so cancelling any of them cancels
  /// it) and in the group of the `send` being handled. `body` runs with `dependencies`, or the
  /// store's when `nil`, and sends through the group's `Send`.
  func spawn(
    priority: TaskPriority?, ids: [EffectID], dependencies: DependencyScope?,
    _ body: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Task<Void, Never>

  /// The `Send` of the group of the `send` being handled; what it hands back to the store
  /// (``Send`` schedules operators there) is marked with `ids`.
  func send(scheduling ids: [EffectID]) -> Send<Action>

  /// A handle to come back to this store later, from a task, as part of the `send` being
  /// handled now.
  func revisit() -> any EffectRevisiting<Action>

  /// The store's one instance of `type`, made with `make` the first time: where an operator
  /// keeps what it needs across effects (throttle windows, by id).
  func operatorState<Value: AnyObject>(_ type: Value.Type, make: () -> Value) -> Value
}

/// A way back to a store from a task an operator started: ``revisit(_:)`` hops to the store's
/// actor and runs the body with the store's runtime, as part of the `send` that started the
/// operator (what the body starts joins that send's `StoreTask`).
///
/// Conforming types are `Sendable`.
@usableFromInline
package protocol EffectRevisiting<Action>: Sendable {
  /// The actions of the store.
  associatedtype Action: Sendable

  /// Runs `body` on the store's actor with its runtime, unless the store is gone or the
  /// current task is cancelled (then it returns an empty handle); returns what `body` returns.
  func revisit(
    _ body: @escaping @Sendable (any EffectRuntime<Action>) -> StoreTask
  ) async -> StoreTask
}
