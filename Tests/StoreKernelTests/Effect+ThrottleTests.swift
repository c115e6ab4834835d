import StoreKernel
import StoreKernelTesting
import Testing

/// Throttled effects held for the end of their window, and where they belong.
private struct Throttled: Reducer {
  struct State: Equatable {
    var fired: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case hold
    case noop
    case concatTap(Int)
    case concatThenFire(Int)
    case distinct(Int)
    case fire(Int)
    case cancelOuter
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .hold:
      return .run { [clock] _ in try await clock.sleep(for: .seconds(60)) }
        .throttle(id: "t", for: .seconds(1), clock: clock)
    case .noop:
      return .none
    case .concatTap(let number):
      return .concatenate(
        .run { _ in },
        .send(.fire(number)).throttle(id: "c", for: .seconds(1), clock: clock)
      )
      .cancellable(id: "outer")
    case .concatThenFire(let number):
      return .concatenate(
        .run { _ in },
        .send(.fire(number)).throttle(id: "c", for: .seconds(1), clock: clock),
        .send(.fire(number * 10))
      )
    case .distinct(let number):
      return .send(.fire(number)).throttle(id: number, for: .seconds(1), clock: clock)
    case .fire(let number):
      state.fired.append(number)
      return .none
    case .cancelOuter:
      return .cancel(id: "outer")
    }
  }
}

/// A parent that opens and closes a throttling child.
private struct Holder: Reducer {
  struct State: Equatable {
    var child: Throttled.State?
  }

  enum Action: Equatable, Sendable {
    case open
    case close
    case child(Throttled.Action)

    static let childPath = ActionPath<Action, Throttled.Action>(
      embed: Action.child, extract: { if case .child(let action) = $0 { action } else { nil } })
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .open: state.child = Throttled.State()
      case .close: state.child = nil
      case .child: break
      }
      return .none
    }
    .ifLet(\.child, action: Action.childPath) { Throttled(clock: clock) }
    .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectThrottleTests {
  let clock = TestClock()

  private func makeStore() -> Store<Throttled.State, Throttled.Action> {
    Store(initialState: Throttled.State(), reducer: Throttled(clock: clock)) {
      $0.effectExecutor = clock.effectExecutor
    }
  }

  @Test func aHeldEffectBelongsToTheSendThatWasThrottledNotToTheNextSend() async {
    let store = makeStore()
    let first = store.send(.hold)
    let held = store.send(.hold)
    #expect(!held.isEmpty)
    await clock.advance(by: .seconds(1))

    #expect(store.send(.noop).isEmpty)
    #expect(held.isRunning)
    await held.cancel()
    #expect(await completes { await held.finish() })
    #expect(store.runningEffectCount == 1)
    await first.cancel()
  }

  @Test func aTestStoreCountsAHeldEffectAsTheThrottledSendsNotTheNextSends() async {
    let store = TestStore(initialState: Throttled.State(), reducer: Throttled(clock: clock)) {
      $0.clock = clock
    }
    await store.send(.hold)
    let held = await store.send(.hold)
    await clock.advance(by: .seconds(1))
    let noop = await store.send(.noop)

    #expect(noop.isEmpty)
    #expect(held.isRunning)
    await store.skipInFlightEffects()
  }

  @Test func cancellingAnEnclosingIDDropsAThrottleHeldInAConcatenation() async {
    let store = TestStore(initialState: Throttled.State(), reducer: Throttled(clock: clock)) {
      $0.clock = clock
    }
    await store.send(.concatTap(1))
    await store.receive(.fire(1)) { $0.fired = [1] }
    await store.send(.concatTap(2))
    await store.send(.cancelOuter)

    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.fired == [1])
  }

  @Test func closingAChildDropsAThrottleHeldInItsConcatenation() async {
    let store = TestStore(initialState: Holder.State(), reducer: Holder(clock: clock)) {
      $0.clock = clock
    }
    await store.send(.open) { $0.child = Throttled.State() }
    await store.send(.child(.concatTap(1)))
    await store.receive(.child(.fire(1))) { $0.child?.fired = [1] }
    await store.send(.child(.concatTap(2)))
    await store.send(.close) { $0.child = nil }

    // Without the child's cancellation reaching the held effect, `fire(2)` arrives for a nil
    // child: reported as an issue, and received unasserted.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aConcatenationGoesOnOnlyAfterItsHeldThrottledEffect() async {
    let store = makeStore()
    store.send(.concatThenFire(1))
    await clock.advance()
    let second = store.send(.concatThenFire(2))
    await clock.advance()
    #expect(store.fired == [1, 10])

    await clock.advance(by: .seconds(1))
    #expect(await completes { await second.finish() })
    #expect(store.fired == [1, 10, 2, 20])
  }

  @Test func closedThrottleWindowsAreForgotten() async {
    let store = makeStore()
    for number in 1...100 {
      store.send(.distinct(number))
      await clock.advance(by: .seconds(1))
    }

    #expect(store.fired == Array(1...100))
    #expect(store.throttleWindowCount ?? 0 <= 32)
  }

  @Test func anOpenWindowIsKeptWhileClosedOnesAreForgotten() async {
    let store = makeStore()
    store.send(.distinct(0))
    store.send(.distinct(0))
    for number in 1...40 { store.send(.distinct(number)) }
    await clock.advance(by: .seconds(1))

    // Window 0 held an effect: it started when its window ended, not at once.
    #expect(store.fired == [0] + Array(1...40) + [0])
  }
}

/// A tap throttled at 20 ms, on a clock the test moves by hand.
private struct Tapping: Reducer {
  struct State: Equatable {
    var fired: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case tap(Int)
    case fire(Int)
  }

  let clock: ManualClock
  let latest: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap(let number):
      return .send(.fire(number))
        .throttle(id: "tap", for: .milliseconds(20), clock: clock, latest: latest)
    case .fire(let number):
      state.fired.append(number)
      return .none
    }
  }
}

/// The window's end races the store: a timer that has woken is on its way to the store while
/// the store handles more taps. At most one start per window, whatever the order. (The waits'
/// limits are generous: the main actor is shared with every other test of the run.)
@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectThrottleWindowEndTests {
  let clock = ManualClock()

  /// Tap 1 starts; tap 2 is held; at 25 ms its timer wakes, and before it reaches the store tap
  /// 3 arrives (the window is over: it starts at once, in place of the held one) and tap 4 is
  /// held in the new window. The first timer must not start tap 4 early.
  @Test func aTimerThatWokeLateDoesNotStartTheNextWindowsHeldEffect() async {
    let store = Store(
      initialState: Tapping.State(), reducer: Tapping(clock: clock, latest: true))
    store.send(.tap(1))
    clock.set(.milliseconds(5))
    let second = store.send(.tap(2))
    await clock.untilSleeping(1)

    clock.set(.milliseconds(25))
    clock.wakeAll()
    // Still on the store's actor: the woken timer's hop waits behind these two sends.
    store.send(.tap(3))
    clock.set(.milliseconds(26))
    let fourth = store.send(.tap(4))
    #expect(await completes(within: .seconds(600)) { await second.finish() })
    #expect(store.fired == [1, 3])

    await clock.untilSleeping(1)
    clock.set(.milliseconds(45))
    clock.wakeAll()
    #expect(await completes(within: .seconds(600)) { await fourth.finish() })
    #expect(store.fired == [1, 3, 4])
  }

  /// With `latest: false` the held tap is the one that starts when the window is over, in place
  /// of the newer one (as TCA's throttle sends the first value it held).
  @Test func withoutLatestTheHeldEffectStartsInPlaceOfTheNewer() async {
    let store = Store(
      initialState: Tapping.State(), reducer: Tapping(clock: clock, latest: false))
    store.send(.tap(1))
    clock.set(.milliseconds(5))
    let second = store.send(.tap(2))
    await clock.untilSleeping(1)

    clock.set(.milliseconds(25))
    clock.wakeAll()
    store.send(.tap(3))
    #expect(await completes(within: .seconds(600)) { await second.finish() })
    #expect(store.fired == [1, 2])
  }

  /// Many taps, each window ended by its own timer: one start per window plus the first, in
  /// order, the last tap of each window the one that starts.
  @Test func oneStartPerWindowUnderManyTaps() async {
    let store = Store(
      initialState: Tapping.State(), reducer: Tapping(clock: clock, latest: true))
    var tap = 0
    var time = Duration.zero
    var lastHeld = StoreTask()
    for window in 0..<50 {
      for _ in 0..<200 {
        tap += 1
        time += .microseconds(50)
        clock.set(time)
        let task = store.send(.tap(tap))
        if !task.isEmpty { lastHeld = task }
      }
      // The held timer wakes after the window: the newest tap of this window starts.
      if window > 0 || tap > 1 {
        await clock.untilSleeping(1)
        time = Duration.milliseconds(20 * (window + 1)) + .microseconds(1)
        clock.set(time)
        clock.wakeAll()
        let held = lastHeld
        #expect(await completes(within: .seconds(600)) { await held.finish() })
      }
    }
    #expect(store.fired.count == 51)
    #expect(store.fired == store.fired.sorted())
  }
}

/// A tap throttled at 20 ms that records, for each start, the time on the clock the throttle
/// measures its window on.
private struct TimedTapping: Reducer {
  struct State: Equatable {
    var started: [(tap: Int, at: Duration)] = []

    static func == (lhs: State, rhs: State) -> Bool {
      lhs.started.elementsEqual(rhs.started) { $0.tap == $1.tap && $0.at == $1.at }
    }
  }

  enum Action: Equatable, Sendable {
    case tap(Int)
    case start(Int)
  }

  let clock: ManualClock
  let latest: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap(let number):
      return .send(.start(number))
        .throttle(id: "tap", for: .milliseconds(20), clock: clock, latest: latest)
    case .start(let number):
      state.started.append((number, clock.now.offset))
      return .none
    }
  }
}

/// What a run of many throttled taps saw: each start (tap and time), the time at the end, and
/// how many times more than one tap reached the store between a timer's waking and its hop.
private struct TapsRun: Sendable {
  var started: [(tap: Int, at: Duration)]
  var time: Duration
  var tapsBeforeTheTimer: Int
}

/// Sends `total` taps 50 µs apart, in a store on `actor` (an actor of its own queue: the run
/// holds its actor for seconds, and on the main actor it starved the suites that share it). At
/// the end of each window its timer is woken, then 0 to 3 more taps reach the store before the
/// timer's hop does (the run does not suspend in between).
private func tapMany(
  _ total: Int, latest: Bool, clock: ManualClock, on actor: isolated QueueActor
) async -> TapsRun {
  let interval = Duration.milliseconds(20)
  let step = Duration.microseconds(50)
  let store = Store(
    initialState: TimedTapping.State(), reducer: TimedTapping(clock: clock, latest: latest),
    isolation: actor)
  var tap = 0
  var time = Duration.zero
  // The task of the timer that holds a tap now (a held tap's `send` returns it; a tap that
  // starts at once returns an empty one).
  var timer: StoreTask?
  var windowEnds = 0
  var tapsBeforeTheTimer = 0
  func sendTap() {
    tap += 1
    time += step
    clock.set(time)
    let task = store.send(.tap(tap))
    if !task.isEmpty { timer = task }
  }
  while tap < total {
    sendTap()
    guard let held = timer, let lastStart = store.state.started.last?.at,
      time + step >= lastStart + interval
    else { continue }
    // The window ends before the next tap: its timer wakes, then more taps reach the store
    // (the timer's hop to the store waits behind them), then the timer's hop runs.
    time = lastStart + interval
    clock.set(time)
    await clock.untilSleeping(1)
    clock.wakeAll()
    timer = nil
    let more = min(windowEnds % 4, total - tap)
    for _ in 0..<more { sendTap() }
    tapsBeforeTheTimer += more > 1 ? 1 : 0
    windowEnds += 1
    #expect(await completes(within: .seconds(600)) { await held.finish() })
  }
  // The last window ends.
  if let held = timer, let lastStart = store.state.started.last?.at {
    time = max(time, lastStart + interval)
    clock.set(time)
    await clock.untilSleeping(1)
    clock.wakeAll()
    #expect(await completes(within: .seconds(600)) { await held.finish() })
  }
  return TapsRun(
    started: store.state.started, time: time, tapsBeforeTheTimer: tapsBeforeTheTimer)
}

/// 100,000 taps, 50 µs apart (a window holds 400), with each window's timer woken while the
/// taps go on (`tapMany`). Whatever the order, at most one start per window plus the first,
/// each at least a window after the last (on the throttle's clock), the taps started in order,
/// and with `latest` the last tap the last to start.
@Suite(.timeLimit(.minutes(10))) struct EffectThrottleManyTapsTests {
  @Test(arguments: [true, false])
  func aHundredThousandTapsStartAtMostOncePerWindowWhileTimersFire(latest: Bool) async {
    let interval = Duration.milliseconds(20)
    let total = 100_000
    let run = await tapMany(total, latest: latest, clock: ManualClock(), on: QueueActor())
    let started = run.started
    #expect(run.tapsBeforeTheTimer > 50, "taps before a timer's hop: \(run.tapsBeforeTheTimer)")
    #expect(
      started.count <= Int(run.time / interval) + 1, "\(started.count) starts in \(run.time)")
    var tooClose = 0
    for (earlier, later) in zip(started, started.dropFirst())
    where later.at - earlier.at < interval {
      tooClose += 1
    }
    #expect(tooClose == 0, "\(tooClose) starts came less than \(interval) after the one before")
    #expect(zip(started, started.dropFirst()).allSatisfy { $0.tap < $1.tap })
    if latest { #expect(started.last?.tap == total) }
  }
}
