extension Effect {
  /// Lets at most one effect with `id` start per `interval`: the first starts at once; those
  /// that arrive while the window is open are held, and the held one (the latest, or the first
  /// when `latest` is `false`) starts when the window closes.
  ///
  /// One that arrives after the window has closed while the held one has not started yet (the
  /// store was busy) starts at once in its place, as TCA's throttle does: the newest when
  /// `latest` is `true`, the held one otherwise.
  ///
  /// A held effect belongs to the `send` that was throttled: that send's `StoreTask` covers it
  /// (and no later send's does). Cancelling `id`, or any id enclosing the throttle (an outer
  /// `.cancellable(id:)`, a concatenation's, the child's when the child goes away), drops the
  /// held effect. A throttle inside a concatenation holds the concatenation until its held
  /// effect has run. A `.send` held here is handled synchronously when the window closes.
  ///
  /// - Parameters:
  ///   - id: The throttle identity, scoped to the store.
  ///   - interval: The length of the window.
  ///   - clock: The clock to measure the window on.
  ///   - latest: Keep the newest held effect (`true`) or the first one (`false`).
  /// - Returns: The throttled effect.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>,
    latest: Bool = true
  ) -> Self {
    if isNone { return self }
    let id = EffectID(id)
    return .holding(self) {
      Throttle(
        id: id, interval: interval, clock: clock, latest: latest, effect: self, nestingDepth: $0)
    }
  }
}

/// At most one start per interval and id: `.throttle`. A window is a timestamp and, while an
/// effect is held, that effect and the timer that will start it; only a held effect has a
/// timer, so nothing runs while nothing is held.
struct Throttle<Action: Sendable>: EffectOperator {
  let id: EffectID
  let interval: Duration
  let clock: any Clock<Duration>
  let latest: Bool
  let effect: Effect<Action>
  let nestingDepth: Int

  /// The timer stands for the held effect: it is marked with the held effect's enclosing ids
  /// (so cancelling any of them, or the child it belongs to, drops the held effect), it joins
  /// the group of the `send` that was throttled (so that send's `StoreTask` covers the held
  /// effect, and no later `send` does), and once it has started the held effect it lasts as
  /// long as that effect, so a concatenation waiting on it waits for the effect itself.
  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    let windows = runtime.operatorState(ThrottleWindows<Action>.self) { ThrottleWindows() }
    let now = ClockInstant(clock)
    guard let window = windows[id], let elapsed = window.lastStart.duration(to: now),
      elapsed < interval
    else {
      // The window is over. What was held and has not started yet (its timer is on its way
      // to the store) gives way to what starts now.
      let held = windows.close(id)
      let starting = !latest ? held.map { ($0.effect, $0.ids) } ?? (effect, ids) : (effect, ids)
      windows.open(id, at: now, clock: clock, interval: interval)
      return runtime.start(starting.0, ids: starting.1.marked(with: id))
    }
    if let held = window.held, !held.timer.isCancelled, !latest { return StoreTask() }
    window.held?.timer.cancel()
    let generation = windows.nextGeneration()
    let id = id
    let clock = clock
    let timer = runtime.startTimer(
      after: interval - elapsed, clock: clock, ids: ids.marked(with: id)
    ) { runtime in
      Self.endWindow(id, generation: generation, clock: clock, in: runtime)
    }
    window.held = ThrottleWindow.Held(
      effect: effect, ids: ids, timer: timer, generation: generation)
    return StoreTask(.one(timer))
  }

  /// The interval since the last start has passed: the held effect starts, opening a new
  /// window, unless it is no longer the one this timer was started for (a later one replaced
  /// it, or the window was closed and opened again meanwhile).
  private static func endWindow(
    _ id: EffectID, generation: Int, clock: any Clock<Duration>,
    in runtime: any EffectRuntime<Action>
  ) -> StoreTask {
    let windows = runtime.operatorState(ThrottleWindows<Action>.self) { ThrottleWindows() }
    guard let window = windows[id], let held = window.held, held.generation == generation else {
      return StoreTask()
    }
    window.held = nil
    window.lastStart = ClockInstant(clock)
    return runtime.start(held.effect, ids: held.ids.marked(with: id))
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    let effect = transform.effect(effect)
    return Effect<Other>(
      .composed(
        Throttle<Other>(
          id: transform.id(id), interval: interval, clock: clock, latest: latest,
          effect: effect, nestingDepth: effect.nestingDepth + 1)))
  }
}

/// One throttle id's window: when an effect last started, and the effect held for the end of
/// the window with the task that will start it.
final class ThrottleWindow<Action: Sendable> {
  let interval: Duration
  let clock: any Clock<Duration>
  var lastStart: ClockInstant
  var held: Held?

  struct Held {
    let effect: Effect<Action>
    let ids: [EffectID]
    let timer: Task<Void, Never>
    /// Which hold this is: a timer starts only the hold it was made for.
    let generation: Int
  }

  init(lastStart: ClockInstant, clock: any Clock<Duration>, interval: Duration) {
    self.lastStart = lastStart
    self.clock = clock
    self.interval = interval
  }

  /// Whether the window is over and nothing waits in it: forgetting it changes nothing, since
  /// the next effect with its id would open a new one anyway.
  var isClosed: Bool {
    if let held, !held.timer.isCancelled { return false }
    guard let elapsed = lastStart.duration(to: ClockInstant(clock)) else { return true }
    return elapsed >= interval
  }
}

/// The throttle windows of one store, by id; closed ones are forgotten.
typealias ThrottleWindows<Action: Sendable> = OperatorEntries<ThrottleWindow<Action>>

extension OperatorEntries {
  /// No windows yet.
  convenience init<Action>() where Entry == ThrottleWindow<Action> {
    self.init(forgetting: \.isClosed)
  }

  /// Opens a new window for `id` at `now`.
  func open<Action>(
    _ id: EffectID, at now: ClockInstant, clock: any Clock<Duration>, interval: Duration
  ) where Entry == ThrottleWindow<Action> {
    set(ThrottleWindow(lastStart: now, clock: clock, interval: interval), for: id)
  }

  /// Ends `id`'s window: its held effect, if any, will not start on its own (its timer is
  /// cancelled); returns it.
  func close<Action>(_ id: EffectID) -> ThrottleWindow<Action>.Held?
  where Entry == ThrottleWindow<Action> {
    guard let window = self[id], let held = window.held, !held.timer.isCancelled else {
      return nil
    }
    held.timer.cancel()
    window.held = nil
    return held
  }
}
