import MultiStorePrimitives
import StoreKernel

/// A clock whose sleeps end at once, moving its time forward by the time slept: TCA's
/// `ImmediateClock`. For tests that do not care how long an effect waits, only what it does
/// after (a debounce, a retry delay); use a ``TestClock`` to check the waiting itself.
///
/// ```swift
/// let store = TestStore(initialState: Search.State(), reducer: Search()) {
///   $0.clock = ImmediateClock()
/// }
/// ```
///
/// `Sendable`: its time is behind a lock.
public final class ImmediateClock: Clock, Sendable {
  /// A point in the clock's time: how far it is from the clock's start.
  ///
  /// `Sendable` plain value.
  public struct Instant: InstantProtocol, Sendable {
    /// How far this instant is from the clock's start.
    public var offset: Duration

    /// Creates an instant `offset` from the clock's start.
    ///
    /// - Parameter offset: The distance from the start; zero by default.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: The distance.
    public func duration(to other: Self) -> Duration { other.offset - offset }

    /// Whether `lhs` is before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private let current: LockedValue<Instant>

  /// Creates a clock at `now`.
  ///
  /// - Parameter now: Where its time starts.
  public init(now: Instant = Instant()) {
    self.current = LockedValue(now)
  }

  /// The clock's time: its start plus every sleep so far.
  public var now: Instant { current.withLock { $0 } }

  /// Zero: any deadline is reached at once.
  public var minimumResolution: Duration { .zero }

  /// Moves the clock's time to `deadline` (if it is later) and returns at once; throws
  /// `CancellationError` if the task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: When the sleep would end.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}
