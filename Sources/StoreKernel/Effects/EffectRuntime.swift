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

  /// The actor the store is confined to (which the caller is on), while it lives.
  var isolation: (any Actor)? { get }

  /// The store's dependency values.
  var dependencyValues: DependencyValues { get }

  /// Attaches a lifetime that is not a task to `ids`: `onCancel` is called, once, on the
  /// store's actor, when any of them is cancelled (`.byID`, during a `send`), or when the
  /// store's effects are all cancelled (`.all`: it stops, or it is released, and nothing may
  /// start any more). What a presented feature's lifetime hangs on: the id of the child it is
  /// (dismissing the child cancels it).
  func attach(ids: [EffectID], onCancel: @escaping (EffectCancellation) -> Void)

  /// A way to send the store actions later, on its actor, outside any effect: a presented
  /// feature's outputs, say. It does not keep the store alive.
  func sink() -> any ActionSink<Action>
}

/// How an attached lifetime ended (``EffectRuntime/attach(ids:onCancel:)``).
///
/// `Sendable` plain value.
@usableFromInline
package enum EffectCancellation: Sendable {
  /// One of its ids was cancelled while the store handles a `send`: the store goes on, and
  /// what ends may still start effects to wind down.
  case byID
  /// Every effect of the store was cancelled: it stops or goes, and nothing may start.
  case all
}

/// Sends actions into a store from code that runs on its actor outside its effects (a callback
/// of something the store started), or from anywhere with ``send(from:)``. Holds the store
/// weakly: once it is gone, actions go nowhere.
///
/// Conforming types are `Sendable`.
@usableFromInline
package protocol ActionSink<Action>: Sendable {
  /// The actions of the store.
  associatedtype Action: Sendable

  /// Sends `action` now. Call it on the store's actor only: it runs the store's reducer (an
  /// action sent while the store handles another is queued behind it, as any send).
  ///
  /// - Returns: The effects the action started (empty once the store is gone).
  @discardableResult
  func sendOnActor(_ action: Action) -> StoreTask

  /// Hops to the store's actor and sends `action` there.
  func send(_ action: Action) async
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
