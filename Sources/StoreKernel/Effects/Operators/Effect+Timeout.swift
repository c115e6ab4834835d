extension Effect {
  /// Cancels this effect if it is still running after `duration`, and then sends `action`, if
  /// given: a request that must not wait forever.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.loaded(try await client.load()))
  /// }
  /// .timeout(.seconds(10), clock: clock, sending: .loadTimedOut)
  /// ```
  ///
  /// An effect that finishes in time ends the wait at once: the store's `StoreTask` for it is
  /// done when the effect is. An effect that finishes at once (`.send`, `.cancel`) has nothing
  /// to wait for and is started as it is.
  ///
  /// - Parameters:
  ///   - duration: How long the effect may run.
  ///   - clock: The clock to measure it on; inject it as a dependency so tests can use a test
  ///     clock.
  ///   - action: What to send when the effect was cut short; nothing when `nil`.
  /// - Returns: The effect, bounded in time.
  public func timeout(
    _ duration: Duration, clock: any Clock<Duration>, sending action: Action? = nil
  ) -> Self {
    if isNone || isImmediate { return self }
    return .holding(self) {
      Timeout(duration: duration, clock: clock, action: action, effect: self, nestingDepth: $0)
    }
  }
}

/// An effect cut short after a while: `.timeout`.
struct Timeout<Action: Sendable>: EffectOperator {
  let duration: Duration
  let clock: any Clock<Duration>
  let action: Action?
  let effect: Effect<Action>
  let nestingDepth: Int

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    let work = runtime.start(effect, ids: ids)
    if work.isEmpty { return work }
    let duration = duration
    let clock = clock
    let action = action
    // The watch lasts as long as the work (it ends the moment the work does), so the send's
    // handle covers both; it is marked with the same ids, so cancelling the work's ids ends it.
    let watch = runtime.spawn(priority: nil, ids: ids, dependencies: nil) { send in
      let timedOut = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          await work.finish()
          return false
        }
        group.addTask {
          do {
            try await clock.sleep(for: duration)
            return true
          } catch {
            return false
          }
        }
        let first = await group.next() ?? false
        if first { work.cancelWithoutWaiting() }
        group.cancelAll()
        return first
      }
      if timedOut, let action { await send(action) }
    }
    return StoreTask(all: [work, StoreTask(.one(watch))])
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    // The action sent on timeout goes through `transform` the way a `.send` would.
    let mapped = action.map { transform.effect(.send($0)) }
    var other: Other?
    if let mapped, case .send(let sent) = mapped.operation { other = sent }
    let effect = transform.effect(effect)
    return Effect<Other>(
      .composed(
        Timeout<Other>(
          duration: duration, clock: clock, action: other, effect: effect,
          nestingDepth: effect.nestingDepth + 1)))
  }
}
