extension Clock where Duration == Swift.Duration {
  /// Ticks every `interval` on this clock, until the task that iterates is cancelled: TCA's
  /// (swift-clocks') `clock.timer(interval:)`, for a `.run` effect.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.tick)
  ///   }
  /// }
  /// .cancellable(id: CancelID.timer)
  /// ```
  ///
  /// The first tick comes `interval` after iteration starts, the next `interval` after that
  /// tick's deadline (not after the consumer finished with it, so the ticks do not drift). A
  /// consumer slower than `interval` gets the ticks it missed at once, one per deadline passed.
  /// With a `TestClock`, `advance(by: .seconds(3))` delivers three ticks; cancelling the
  /// effect ends the sequence.
  ///
  /// - Parameter interval: The time between two ticks; more than zero.
  /// - Returns: The ticks, each the instant of its deadline.
  public func timer(interval: Duration) -> ClockTimer {
    precondition(interval > .zero, "A timer's interval must be more than zero, not \(interval).")
    return ClockTimer(clock: self, interval: interval)
  }
}

/// The ticks of `clock.timer(interval:)`: an `AsyncSequence` that ends when the
/// task iterating it is cancelled.
///
/// `Sendable`: a clock and a duration.
public struct ClockTimer: AsyncSequence, Sendable {
  /// A tick: the instant of its deadline on the timer's clock.
  public typealias Element = any InstantProtocol<Duration>

  let clock: any Clock<Duration>
  let interval: Duration

  /// Starts the ticks: the first deadline is `interval` from the first call to `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(deadlines: Self.deadlines(of: clock, every: interval))
  }

  private static func deadlines<C: Clock<Duration>>(
    of clock: C, every interval: Duration
  ) -> any TimerDeadlines {
    Deadlines(clock: clock, interval: interval)
  }

  /// Waits for each tick in turn.
  ///
  /// Not `Sendable`: one task iterates it.
  public struct Iterator: AsyncIteratorProtocol {
    var deadlines: any TimerDeadlines

    /// Waits until the next deadline and returns it; `nil` once the task is cancelled.
    public mutating func next() async -> Element? {
      await deadlines.next()
    }
  }
}

/// The deadlines of a timer on a clock whose instant type is known.
protocol TimerDeadlines {
  mutating func next() async -> (any InstantProtocol<Duration>)?
}

private struct Deadlines<C: Clock<Duration>>: TimerDeadlines {
  let clock: C
  let interval: Duration
  var last: C.Instant?

  mutating func next() async -> (any InstantProtocol<Duration>)? {
    let deadline = (last ?? clock.now).advanced(by: interval)
    do {
      try await clock.sleep(until: deadline, tolerance: nil)
    } catch {
      return nil
    }
    // A sleep that returned without throwing in a task cancelled meanwhile still ends it.
    guard !Task.isCancelled else { return nil }
    last = deadline
    return deadline
  }
}
