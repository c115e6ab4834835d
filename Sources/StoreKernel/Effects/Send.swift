/// Sends actions from a running effect back into the store that started it.
///
/// Calling a `Send` hops to the store's actor, runs the action through the reducer, and returns.
/// Once the effect is cancelled, or its store is gone, sends are dropped silently.
///
/// `Sendable`: it only holds `@Sendable` closures.
public struct Send<Action: Sendable>: Sendable {
  @usableFromInline let deliver: @Sendable (Action) async -> Void
  let schedule: @Sendable (Effect<Action>) async -> StoreTask

  @usableFromInline
  init(
    deliver: @escaping @Sendable (Action) async -> Void,
    schedule: @escaping @Sendable (Effect<Action>) async -> StoreTask
  ) {
    self.deliver = deliver
    self.schedule = schedule
  }

  /// Creates a `Send` that hands actions to a closure, for driving an effect by hand in tests.
  ///
  /// - Parameter send: Receives each action the effect sends.
  public init(_ send: @escaping @Sendable (Action) async -> Void) {
    self.deliver = send
    self.schedule = { effect in
      await EffectInterpreter.perform(effect, send: Send(send))
      return StoreTask()
    }
  }

  /// Sends `action` to the store, unless the current task is cancelled.
  ///
  /// - Parameter action: The action to send.
  @inlinable
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await deliver(action)
  }

  /// A `Send` of child actions that delivers them embedded into this one's actions.
  func map<Child: Sendable>(
    _ embed: @escaping @Sendable (Child) -> Action
  ) -> Send<Child> {
    let deliver = self.deliver
    let schedule = self.schedule
    return Send<Child>(
      deliver: { await deliver(embed($0)) },
      schedule: { await schedule($0.map(embed)) }
    )
  }
}
