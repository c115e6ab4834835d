/// An effect built on the runtime's primitives: everything but `.none`, `.send`, `.run` and
/// `.merge`. Cancellation ids, concatenation, throttling, a priority, a timeout: each is one
/// type conforming to this protocol, in a file of its own, with its public `Effect` API beside
/// it.
///
/// An operator says how it starts in a store (``start(in:ids:)``, on the store's actor, with the
/// primitives of ``EffectRuntime``), how it is rebuilt when the effects it holds are mapped or
/// scoped to a child (``rebuilt(_:)``), whether starting it completes it at once
/// (``isImmediate``), and, optionally, how it runs inside a task that is already running (a
/// part of a concatenation; by default it is handed back to the store).
///
/// Conforming types are `Sendable` values, as effects are.
@usableFromInline
package protocol EffectOperator<Action>: Sendable {
  /// The actions the effect sends.
  associatedtype Action: Sendable

  /// Starts the effect in `runtime`, inside the cancellation ids `ids` of its enclosing
  /// effects; returns a handle on the tasks it started directly. Called on the store's actor
  /// while a `send` is being handled: every task it starts joins that send's group.
  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask

  /// This effect with every effect it holds passed through `transform.effect`, and every
  /// cancellation id it names through `transform.id`: how `map` changes its action type and how
  /// a child's effect is scoped to the child.
  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other>

  /// Whether starting it completes it at once: nothing of it runs later.
  var isImmediate: Bool { get }

  /// How many levels of effects it holds (``Effect/nestingDepth``): by default 1, for an
  /// operator that holds no effect. One that holds effects keeps one more than its deepest
  /// part, worked out when it is made and checked against ``Effect/nestingLimit`` there.
  var nestingDepth: Int { get }

  /// Runs it inside a task that is already running, sending through `send`: a part of a
  /// concatenation. By default it is handed back to the store (``Send`` schedules it there) and
  /// waited for.
  func perform(sending send: Send<Action>) async
}

extension EffectOperator {
  package var isImmediate: Bool { false }

  package var nestingDepth: Int { 1 }

  package func perform(sending send: Send<Action>) async {
    let task = await send.schedule(Effect(.composed(self)))
    await withTaskCancellationHandler {
      await task.finish()
    } onCancel: {
      task.cancelWithoutWaiting()
    }
  }
}

/// What ``EffectOperator/rebuilt(_:)`` applies: a change of every effect an operator holds, and
/// of every cancellation id it names.
///
/// `Sendable`: both closures are.
@usableFromInline
package struct EffectTransform<Action: Sendable, Other: Sendable>: Sendable {
  /// Rebuilds one effect the operator holds.
  package let effect: @Sendable (Effect<Action>) -> Effect<Other>
  /// Rebuilds one id the operator names.
  package let id: @Sendable (EffectID) -> EffectID

  package init(
    effect: @escaping @Sendable (Effect<Action>) -> Effect<Other>,
    id: @escaping @Sendable (EffectID) -> EffectID = { $0 }
  ) {
    self.effect = effect
    self.id = id
  }

  /// What `action` becomes under this transform, the way a `.send(action)` the operator holds
  /// would: for an operator that sends an action it keeps as a value (a timeout's, a presented
  /// feature's outputs). `nil` when the transform makes it anything but one action.
  package func action(_ action: Action) -> Other? {
    guard case .send(let other) = effect(.send(action)).operation else { return nil }
    return other
  }
}

extension Effect {
  /// An effect made of an operator: how a module of this package adds one of its own.
  ///
  /// - Parameter composed: The operator.
  package init(composing composed: some EffectOperator<Action>) {
    self.init(.composed(composed))
  }

  /// Whether starting this effect completes it at once: nothing of it runs later.
  var isImmediate: Bool {
    switch operation {
    case .none, .send: return true
    case .run: return false
    case .merge(let effects): return effects.allSatisfy(\.isImmediate)
    case .composed(let composed): return composed.isImmediate
    }
  }
}
