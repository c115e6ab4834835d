extension Effect {
  /// Delays this effect until `duration` has passed without another effect with the same `id`,
  /// or until `maxWait` has passed since the first of them, whichever comes first: a debounce
  /// that steady calls cannot put off for ever. Typical for an autosave after edits, as the
  /// notes feature's list does on every edit:
  ///
  /// ```swift
  /// return .send(.internal(.autosaveDue))
  ///   .debounce(id: CancelID.autosave, for: autosaveDelay, maxWait: autosaveMaxWait, clock: clock)
  /// ```
  ///
  /// The calls with one id, from the first until the effect starts, make a burst. The burst
  /// holds the latest call's effect, and one timer: a later call only replaces the held effect
  /// and moves the deadline, and starts nothing, so a call costs no task (and no event in
  /// ``StoreEvents``). When the timer wakes before the deadline (the calls went on), it sleeps
  /// again until the deadline; at the deadline the held effect starts, marked with `id`. A call
  /// still builds and starts an operator in code compiled for any action type, about 9,700
  /// instructions: little beside a save, much beside a store's own keystroke
  /// (docs/performance.md, "A bounded debounce").
  ///
  /// Unlike ``debounce(id:for:clock:)``, which cancels what it debounced on every call (as
  /// TCA's does):
  /// - An effect that has started is not cancelled by the next call: it runs to its end beside
  ///   the next burst. Cancelling `id` stops both.
  /// - The burst's timer belongs to the `send` that began the burst: that send's `StoreTask`
  ///   covers the held effect until it has run; the later calls' sends return no handle on it.
  ///   A call inside a concatenation holds the concatenation until the held effect has run.
  /// - A call inside other cancellation ids than the burst's (another child, another
  ///   `.cancellable`) begins a new burst in its place.
  ///
  /// Cancelling `id`, or any id enclosing the call, drops the held effect and ends the burst.
  ///
  /// - Parameters:
  ///   - id: The debounce identity, scoped to the store.
  ///   - duration: The quiet period to wait for.
  ///   - maxWait: The longest the effect waits after the first call of its burst.
  ///   - clock: The clock to wait on; inject it as a dependency so tests can use a test clock.
  /// - Returns: The debounced effect.
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, maxWait: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    if isNone { return self }
    let id = EffectID(id)
    return .holding(self) {
      BoundedDebounce(
        id: id, duration: duration, maxWait: maxWait, clock: clock, effect: self, nestingDepth: $0)
    }
  }
}

/// A debounce with a longest wait and one timer per burst: `.debounce(id:for:maxWait:clock:)`.
struct BoundedDebounce<Action: Sendable>: EffectOperator {
  let id: EffectID
  let duration: Duration
  let maxWait: Duration
  let clock: any Clock<Duration>
  let effect: Effect<Action>
  let nestingDepth: Int

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    let bursts = runtime.operatorState(DebounceBursts.self) { DebounceBursts() }
    let now = ClockInstant(clock)
    if let burst = bursts[id] as? HeldDebounce<Action>, !burst.timer.isCancelled,
      burst.ids == ids
    {
      burst.effect = effect
      burst.last = now
      // Not a task this call started: a concatenation waiting on it waits for the held effect.
      return StoreTask(.one(burst.timer))
    }
    // A burst under other enclosing ids gives way: its held effect is dropped, as a debounce
    // drops what a later call replaces.
    bursts.end(id)
    let generation = bursts.nextGeneration()
    let timer = Self.arm(
      id, generation: generation, after: Swift.min(duration, maxWait), clock: clock,
      ids: ids.marked(with: id), in: runtime)
    bursts.set(
      HeldDebounce(
        effect: effect, ids: ids, first: now, duration: duration, maxWait: maxWait, timer: timer,
        generation: generation),
      for: id)
    return StoreTask(.one(timer))
  }

  /// Starts the burst's timer: after `wait`, it comes back to the store, where the burst
  /// either starts its held effect or sleeps again (a new timer, which this one waits for, so
  /// the first timer lasts until the held effect has run).
  private static func arm(
    _ id: EffectID, generation: Int, after wait: Duration, clock: any Clock<Duration>,
    ids: [EffectID], in runtime: any EffectRuntime<Action>
  ) -> Task<Void, Never> {
    runtime.startTimer(after: wait, clock: clock, ids: ids) { runtime in
      Self.wake(id, generation: generation, clock: clock, timerIDs: ids, in: runtime)
    }
  }

  /// The burst's timer woke: the held effect starts if the deadline has come, and otherwise
  /// the burst sleeps until it. Nothing happens if the burst is no longer the one this timer
  /// was armed for (it was cancelled, and a new one began).
  private static func wake(
    _ id: EffectID, generation: Int, clock: any Clock<Duration>, timerIDs: [EffectID],
    in runtime: any EffectRuntime<Action>
  ) -> StoreTask {
    let bursts = runtime.operatorState(DebounceBursts.self) { DebounceBursts() }
    guard let burst = bursts[id] as? HeldDebounce<Action>, burst.generation == generation else {
      return StoreTask()
    }
    if let wait = burst.wait(at: ClockInstant(clock)) {
      burst.timer = arm(
        id, generation: generation, after: wait, clock: clock, ids: timerIDs, in: runtime)
      return StoreTask(.one(burst.timer))
    }
    bursts.remove(id)
    return runtime.start(burst.effect, ids: burst.ids.marked(with: id))
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    let effect = transform.effect(effect)
    return Effect<Other>(
      .composed(
        BoundedDebounce<Other>(
          id: transform.id(id), duration: duration, maxWait: maxWait, clock: clock,
          effect: effect, nestingDepth: effect.nestingDepth + 1)))
  }
}

/// One debounce id's burst: when its first and last calls were made, and the timer that will
/// start its effect. Not generic, so that the store's bursts are a dictionary of one concrete
/// type, looked up on every call in code compiled for it (a generic one was 3,000 instructions
/// a lookup: docs/performance.md).
class DebounceBurst {
  /// The enclosing cancellation ids of the burst's calls.
  let ids: [EffectID]
  let first: ClockInstant
  var last: ClockInstant
  let duration: Duration
  let maxWait: Duration
  var timer: Task<Void, Never>
  /// Which burst this is: a timer wakes only the burst it was armed for.
  let generation: Int

  init(
    ids: [EffectID], first: ClockInstant, duration: Duration, maxWait: Duration,
    timer: Task<Void, Never>, generation: Int
  ) {
    self.ids = ids
    self.first = first
    self.last = first
    self.duration = duration
    self.maxWait = maxWait
    self.timer = timer
    self.generation = generation
  }

  /// How much longer the held effect must wait at `now`: `duration` after the last call, and
  /// no later than `maxWait` after the first; `nil` when it is due.
  final func wait(at now: ClockInstant) -> Duration? {
    guard let quiet = last.duration(to: now), let waited = first.duration(to: now) else {
      return nil
    }
    let remaining = Swift.min(duration - quiet, maxWait - waited)
    return remaining > .zero ? remaining : nil
  }
}

/// A burst with the effect it holds: the latest call's. A store's bursts all hold effects of
/// its one action type (a child's are mapped to it before they start).
final class HeldDebounce<Action: Sendable>: DebounceBurst {
  var effect: Effect<Action>

  init(
    effect: Effect<Action>, ids: [EffectID], first: ClockInstant, duration: Duration,
    maxWait: Duration, timer: Task<Void, Never>, generation: Int
  ) {
    self.effect = effect
    super.init(
      ids: ids, first: first, duration: duration, maxWait: maxWait, timer: timer,
      generation: generation)
  }
}

/// The bounded-debounce bursts of one store, by id. Bursts whose timer was cancelled (their
/// id, or an enclosing one, was) are forgotten; a burst whose effect starts is removed then.
typealias DebounceBursts = OperatorEntries<DebounceBurst>

extension OperatorEntries where Entry == DebounceBurst {
  /// No bursts yet.
  convenience init() {
    self.init(forgetting: { $0.timer.isCancelled })
  }

  /// Ends `id`'s burst, if one waits: its held effect will not start.
  func end(_ id: EffectID) {
    remove(id)?.timer.cancel()
  }
}
