import StoreKernel

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
/// `Sendable`: its time and sleepers are behind a lock.
public final class TestClock: Clock, Sendable {
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
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var cancelledBeforeRegistering: Set<Int> = []
    var nextID = 0
  }

  private let state = LockedValue(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current time.
  public var now: Instant { state.withLock { $0.now } }

  /// The test clock has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock has been advanced to `deadline`, or throws `CancellationError`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id: Int? = state.withLock { state in
      guard deadline > state.now else { return nil }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = state.withLock { state in
          if state.cancelledBeforeRegistering.remove(id) != nil { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
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
  /// deadline order, and giving each woken task a chance to run before moving on.
  ///
  /// - Parameter duration: How far to move.
  public func advance(by duration: Duration = .zero) async {
    let target = state.withLock { $0.now.advanced(by: duration) }
    await advance(to: target)
  }

  /// Moves time forward to `deadline`, waking sleepers in order.
  ///
  /// - Parameter deadline: The instant to move to.
  public func advance(to deadline: Instant) async {
    await Self.settle()
    while true {
      let next = state.withLock { state -> Sleeper? in
        guard
          let index = state.sleepers.indices
            .filter({ state.sleepers[$0].deadline <= deadline })
            .min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline })
        else {
          if state.now < deadline { state.now = deadline }
          return nil
        }
        let sleeper = state.sleepers.remove(at: index)
        if state.now < sleeper.deadline { state.now = sleeper.deadline }
        return sleeper
      }
      guard let next else { break }
      next.continuation.resume()
      await Self.settle()
    }
  }

  /// Advances time until no task is sleeping on the clock (at most `limit` wake-ups).
  ///
  /// - Parameter limit: A guard against timers that re-arm forever.
  public func run(limit: Int = 10_000) async {
    for _ in 0..<limit {
      let deadline = state.withLock { $0.sleepers.map(\.deadline).min() }
      guard let deadline else { return }
      await advance(to: deadline)
    }
  }

  /// Lets tasks woken by the clock run until they suspend again.
  private static func settle() async {
    for _ in 0..<50 { await Task.yield() }
  }
}
