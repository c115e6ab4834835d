/// A reading of any `Clock<Duration>`, kept to measure time from it later: the runtime's
/// throttle windows, a feature's autosave. Any clock fits, so a test clock drives it.
///
/// `Sendable` plain value.
package struct ClockInstant: Equatable, Sendable {
  private let instant: any InstantProtocol<Duration>

  /// The clock's current time.
  package init(_ clock: any Clock<Duration>) {
    instant = clock.now
  }

  /// The time from this reading to `later`, or `nil` if they come from different clocks.
  package func duration(to later: ClockInstant) -> Duration? {
    Self.duration(from: instant, to: later.instant)
  }

  private static func duration<Instant: InstantProtocol<Duration>>(
    from start: Instant, to end: any InstantProtocol<Duration>
  ) -> Duration? {
    guard let end = end as? Instant else { return nil }
    return start.duration(to: end)
  }

  package static func == (lhs: ClockInstant, rhs: ClockInstant) -> Bool {
    AnyHashable(lhs.instant) == AnyHashable(rhs.instant)
  }
}
