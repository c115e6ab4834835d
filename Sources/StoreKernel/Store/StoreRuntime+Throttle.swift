/// One throttle id's window: the throttle that opened it, when an effect last started, and the
/// effect held for the end of the window with the task that will start it.
struct ThrottleWindow<Action: Sendable> {
  let throttle: EffectThrottle
  var lastStart: ClockInstant
  var held: Held?

  struct Held {
    let effect: Effect<Action>
    let ids: [EffectID]
    let timer: Task<Void, Never>
  }

  /// Whether the window is over and nothing waits in it: forgetting it changes nothing, since
  /// the next effect with its id would open a new one anyway.
  var isClosed: Bool {
    if let held, !held.timer.isCancelled { return false }
    guard let elapsed = lastStart.duration(to: ClockInstant(throttle.clock)) else { return true }
    return elapsed >= throttle.interval
  }
}

/// The throttle windows of one runtime, by id. Closed windows are forgotten, in amortized O(1)
/// as new windows open, so ids that are used once (scoped to a removed row, say) do not pile up.
struct ThrottleWindows<Action: Sendable> {
  private var windows: [EffectID: ThrottleWindow<Action>] = [:]
  private var pruneThreshold = 32

  subscript(id: EffectID) -> ThrottleWindow<Action>? {
    get { windows[id] }
    set { windows[id] = newValue }
  }

  /// Opens a new window for `throttle` at `now`, replacing any earlier one for its id.
  mutating func open(_ throttle: EffectThrottle, at now: ClockInstant) {
    if windows[throttle.id] == nil, windows.count >= pruneThreshold {
      windows = windows.filter { !$0.value.isClosed }
      pruneThreshold = Swift.max(32, windows.count * 2)
    }
    windows[throttle.id] = ThrottleWindow(throttle: throttle, lastStart: now)
  }

  /// How many windows are kept, closed ones not yet forgotten included.
  var count: Int { windows.count }
}

extension StoreRuntime {
  /// At most one effect with the throttle's id starts per interval, as TCA's `throttle`: the
  /// first starts at once; one that arrives within the interval of the last start is held
  /// (the newest, or the first when `latest` is `false`) and starts when the interval has
  /// passed. Nothing runs while nothing is held: a window is a timestamp, and only a held
  /// effect has a timer.
  ///
  /// The timer stands for the held effect: it is marked with the held effect's enclosing ids
  /// (so cancelling any of them, or the child it belongs to, drops the held effect), it joins
  /// the group of the `send` that was throttled (so that send's `StoreTask` covers the held
  /// effect, and no later `send` does), and once it has started the held effect it lasts as
  /// long as that effect, so a concatenation waiting on it waits for the effect itself.
  func start(
    _ effect: Effect<Action>, throttledBy throttle: EffectThrottle, ids: [EffectID]
  ) -> StoreTask {
    let now = ClockInstant(throttle.clock)
    guard var window = throttles[throttle.id],
      let elapsed = window.lastStart.duration(to: now), elapsed < throttle.interval
    else {
      throttles.open(throttle, at: now)
      return start(effect, ids: ids.marked(with: throttle.id))
    }
    if let held = window.held, !held.timer.isCancelled, !throttle.latest { return StoreTask() }
    window.held?.timer.cancel()
    let reference = reference
    let isolation = isolation
    let group = currentGroup()
    let wait = throttle.interval - elapsed
    let timer = spawn(priority: nil, ids: ids.marked(with: throttle.id), dependencies: nil) { _ in
      do {
        try await throttle.clock.sleep(for: wait)
      } catch {
        return
      }
      let started = await onIsolation(isolation) { () -> StoreTask in
        guard !Task.isCancelled, let runtime = reference.runtime else { return StoreTask() }
        return runtime.endThrottleWindow(throttle, joining: group)
      }
      await withTaskCancellationHandler {
        await started.finish()
      } onCancel: {
        started.cancelWithoutWaiting()
      }
    }
    window.held = ThrottleWindow.Held(effect: effect, ids: ids, timer: timer)
    throttles[throttle.id] = window
    return StoreTask(.one(timer))
  }

  /// The interval since the last start has passed: the held effect starts, opening a new
  /// window, as part of the `send` that was throttled (`group`).
  private func endThrottleWindow(
    _ throttle: EffectThrottle, joining group: EffectSender<State, Action>
  ) -> StoreTask {
    guard var window = throttles[throttle.id], let held = window.held else { return StoreTask() }
    window.held = nil
    window.lastStart = ClockInstant(throttle.clock)
    throttles[throttle.id] = window
    let previous = activeGroup
    activeGroup = group
    let task = start(held.effect, ids: held.ids.marked(with: throttle.id))
    activeGroup = previous
    return task
  }
}
