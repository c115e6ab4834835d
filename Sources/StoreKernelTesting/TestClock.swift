import MultiStorePrimitives
public import StoreKernel

/// A clock whose time moves only when a test says so, so debounce, throttle and timer effects
/// are tested without sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: .init(), reducer: Search()) { $0.clock = clock }
/// await store.send(.queryChanged("a")) { $0.query = "a" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.searchResponse(["a"])) { $0.results = ["a"] }
/// ```
///
/// **Deterministic with a test store.** A `TestStore` whose `clock` dependency is this clock
/// runs its effects on the clock's serial ``effectExecutor`` (a plain `Store` can be given it
/// too). Then ``advance(by:)``
/// first lets the store's effects reach their next suspension (so an effect just started has
/// registered its sleep), and after waking each sleeper it waits until the effect has done
/// everything it can: handled on the store's actor what it sent, and slept again or ended. A
/// one-second repeating timer fires exactly twice in `advance(by: .seconds(2))`, and ``run(limit:)``
/// follows an effect through any number of sequential sleeps
/// (docs/decisions/0006-test-store-executor.md). Call these methods from the store's actor
/// (the test's), as a test does.
///
/// Effects that run elsewhere (a store not given ``effectExecutor``, such as a feature started
/// with the clock injected) are out of the clock's sight: it can only give them a number of
/// scheduler turns after each step.
///
/// As in swift-clocks, a sleep until the current time (`sleep(for: .zero)`) suspends until the
/// next `advance`: tests use it as a synchronization point.
///
/// `Sendable`: its time and sleepers are behind a lock.
public final class TestClock: ExecutorPreferringClock, Sendable {
  /// A point on the test clock's timeline: an offset from when the clock was created.
  ///
  /// `Sendable` plain value.
  public struct Instant: InstantProtocol, Sendable {
    /// Time since the clock was created.
    public var offset: Duration

    /// Creates an instant at `offset` from the clock's start.
    ///
    /// - Parameter offset: Time since the clock was created.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }

    /// The duration from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    /// A sleep until the current time waits for the next `advance`: not the one running.
    let wakesAfterAdvance: Int?
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    /// Counts `advance` calls, so a zero-length sleep made during one waits for the next.
    var advances = 0
    /// Whether a task that does not run on this clock's executor has slept on it: then the
    /// clock cannot see when such effects rest, and gives them scheduler turns as well.
    var hasForeignSleepers = false
    var sleepers: [Sleeper] = []
    var cancelledBeforeRegistering: Set<Int> = []
    var nextID = 0
    var executors: [WeakExecutor] = []
  }

  private struct WeakExecutor: @unchecked Sendable {
    // SAFETY: a weak reference to a `Sendable` executor, only read under the clock's lock.
    weak var executor: SerialEffectExecutor?
  }

  private let state = LockedValue(State())
  private let executor = SerialEffectExecutor(label: "TestClock effects")

  /// Creates a clock at offset zero.
  public init() {
    TestIssues.install()
    attach(executor)
  }

  /// A serial executor for the effects of stores that sleep on this clock: give it to a store
  /// (`$0.effectExecutor = clock.effectExecutor`) and ``advance(by:)`` moves its effects
  /// deterministically, as it does a test store's (which uses it by itself when its `clock`
  /// dependency is this clock).
  public var effectExecutor: any TaskExecutor { executor }

  /// The executor a test store whose clock is this one runs its effects on.
  var testExecutor: SerialEffectExecutor { executor }

  /// The current time.
  public var now: Instant { state.withLock { $0.now } }

  /// The test clock has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock has been advanced to `deadline`, or throws `CancellationError`.
  /// A deadline in the past returns at once; the current time suspends until the next
  /// ``advance(by:)``.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id: Int? = state.withLock { state in
      guard deadline >= state.now else { return nil }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let foreign = !isOnOwnExecutor
        let cancelled = state.withLock { state in
          if foreign { state.hasForeignSleepers = true }
          if state.cancelledBeforeRegistering.remove(id) != nil { return true }
          let immediate = deadline <= state.now ? state.advances : nil
          state.sleepers.append(
            Sleeper(
              id: id, deadline: deadline, wakesAfterAdvance: immediate, continuation: continuation))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index)
        }
        state.cancelledBeforeRegistering.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline is reached, in
  /// deadline order (then in the order they went to sleep); after each wake-up, the woken
  /// effect runs until it rests again before time moves on. `advance()` wakes the sleepers
  /// due now, such as a `sleep(for: .zero)`.
  ///
  /// - Parameter duration: How far to move.
  nonisolated(nonsending) public func advance(by duration: Duration = .zero) async {
    await settle()
    let target = state.withLock { $0.now.advanced(by: duration) }
    await advance(to: target, settled: true)
  }

  /// Moves time forward to `deadline`, waking sleepers in order as ``advance(by:)`` does.
  ///
  /// - Parameter deadline: The instant to move to.
  nonisolated(nonsending) public func advance(to deadline: Instant) async {
    await advance(to: deadline, settled: false)
  }

  nonisolated(nonsending) private func advance(to deadline: Instant, settled: Bool) async {
    if !settled { await settle() }
    let advance = state.withLock { state in
      state.advances += 1
      return state.advances
    }
    while let next = wakeNext(until: deadline, during: advance) {
      next.continuation.resume()
      await settle()
    }
  }

  /// Removes and returns the earliest sleeper due by `deadline`, moving time to it; or moves
  /// time to `deadline` and returns `nil`.
  private func wakeNext(until deadline: Instant, during advance: Int) -> Sleeper? {
    state.withLock { state in
      let due = state.sleepers.indices.filter {
        state.sleepers[$0].deadline <= deadline
          && (state.sleepers[$0].wakesAfterAdvance.map { $0 < advance } ?? true)
      }
      guard
        let index = due.min(by: {
          (state.sleepers[$0].deadline, state.sleepers[$0].id)
            < (state.sleepers[$1].deadline, state.sleepers[$1].id)
        })
      else {
        if state.now < deadline { state.now = deadline }
        return nil
      }
      let sleeper = state.sleepers.remove(at: index)
      if state.now < sleeper.deadline { state.now = sleeper.deadline }
      return sleeper
    }
  }

  /// Advances time until no task is sleeping on the clock, through any number of sequential
  /// sleeps (at most `limit` wake-ups, a guard against timers that re-arm forever).
  ///
  /// - Parameter limit: The most sleepers to wake.
  nonisolated(nonsending) public func run(limit: Int = 10_000) async {
    await settle()
    for _ in 0..<limit {
      let deadline = state.withLock { $0.sleepers.map(\.deadline).min() }
      guard let deadline else { return }
      await advance(to: deadline, settled: true)
    }
  }

  /// Lets a test store's effects run on this clock deterministically.
  func attach(_ executor: SerialEffectExecutor) {
    state.withLock { state in
      state.executors.removeAll { $0.executor == nil }
      if !state.executors.contains(where: { $0.executor === executor }) {
        state.executors.append(WeakExecutor(executor: executor))
      }
    }
  }

  /// Whether the current task prefers this clock's executor.
  private var isOnOwnExecutor: Bool {
    withUnsafeCurrentTask { $0?.unownedTaskExecutor == executor.asUnownedTaskExecutor() }
  }

  /// Lets the effects the clock woke (and the ones just started) run until they rest.
  nonisolated(nonsending) private func settle() async {
    let (executors, foreign) = state.withLock {
      ($0.executors.compactMap(\.executor), $0.hasForeignSleepers)
    }
    for _ in 0..<10_000 {
      for executor in executors { await executor.untilIdle() }
      await Task.yield()
      if executors.allSatisfy(\.isIdle) { break }
    }
    if foreign {
      // Effects on the global executor are out of sight: give them scheduler turns.
      for _ in 0..<50 { await Task.yield() }
    }
  }
}
