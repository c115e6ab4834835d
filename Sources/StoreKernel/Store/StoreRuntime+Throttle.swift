/// One throttle id's window: when an effect last started, and the effect held for the end of
/// the window with the task that will start it.
struct ThrottleWindow<Action: Sendable> {
  var lastStart: ClockInstant
  var held: Held?

  struct Held {
    let effect: Effect<Action>
    let ids: [EffectID]
    let timer: Task<Void, Never>
  }
}

extension StoreRuntime {
  /// At most one effect with the throttle's id starts per interval, as TCA's `throttle`: the
  /// first starts at once; one that arrives within the interval of the last start is held
  /// (the newest, or the first when `latest` is `false`) and starts when the interval has
  /// passed. Nothing runs while nothing is held: a window is a timestamp, and only a held
  /// effect has a timer, which is cancelled with the held effect's enclosing ids.
  func start(
    _ effect: Effect<Action>, throttledBy throttle: EffectThrottle, ids: [EffectID]
  ) -> StoreTask {
    let now = ClockInstant(throttle.clock)
    guard var window = throttles[throttle.id],
      let elapsed = window.lastStart.duration(to: now), elapsed < throttle.interval
    else {
      throttles[throttle.id] = ThrottleWindow<Action>(lastStart: now)
      return start(effect, ids: ids + [throttle.id])
    }
    if let held = window.held, !held.timer.isCancelled, !throttle.latest { return StoreTask() }
    window.held?.timer.cancel()
    let reference = reference
    let isolation = isolation
    let id = throttle.id
    let wait = throttle.interval - elapsed
    let timer = spawn(priority: nil, ids: ids + [id], dependencies: nil) { _ in
      do {
        try await throttle.clock.sleep(for: wait)
      } catch {
        return
      }
      await onIsolation(isolation) {
        guard !Task.isCancelled else { return }
        reference.runtime?.endThrottleWindow(throttle)
      }
    }
    window.held = ThrottleWindow.Held(effect: effect, ids: ids, timer: timer)
    throttles[id] = window
    return StoreTask()
  }

  /// The interval since the last start has passed: the held effect starts, opening a new
  /// window.
  private func endThrottleWindow(_ throttle: EffectThrottle) {
    guard var window = throttles[throttle.id], let held = window.held else { return }
    window.held = nil
    window.lastStart = ClockInstant(throttle.clock)
    throttles[throttle.id] = window
    _ = start(held.effect, ids: held.ids + [throttle.id])
  }
}
