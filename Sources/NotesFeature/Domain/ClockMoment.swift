/// A reading of the feature's clock, kept in state: when an edit was made. Comparing two
/// moments, and measuring between them, works for whatever clock the feature was given (a
/// `ContinuousClock` in the app, a `TestClock` in tests).
///
/// `Sendable` plain value.
package struct ClockMoment: Equatable, Sendable, CustomStringConvertible {
  let instant: any InstantProtocol<Duration>

  package init(_ instant: any InstantProtocol<Duration>) {
    self.instant = instant
  }

  package static func == (lhs: ClockMoment, rhs: ClockMoment) -> Bool {
    Self.same(lhs.instant, rhs.instant)
  }

  /// How long after this moment `later` is: zero if it is earlier, or of another clock.
  package func duration(to later: ClockMoment) -> Duration {
    Self.between(instant, later.instant)
  }

  package var description: String { "\(instant)" }

  private static func same<Instant: InstantProtocol<Duration>>(
    _ first: Instant, _ second: any InstantProtocol<Duration>
  ) -> Bool {
    (second as? Instant) == first
  }

  private static func between<Instant: InstantProtocol<Duration>>(
    _ earlier: Instant, _ later: any InstantProtocol<Duration>
  ) -> Duration {
    guard let later = later as? Instant else { return .zero }
    return max(.zero, earlier.duration(to: later))
  }
}

/// When the edits not yet handed to the list began, and when the last of them was made: what
/// the note editor times its hand-over by.
///
/// `Sendable` plain value.
package struct UnsavedEdits: Equatable, Sendable {
  /// The first edit since the last save began.
  package var first: ClockMoment
  /// The latest edit.
  package var last: ClockMoment

  /// Edits that began, and so far ended, at `moment`.
  package init(at moment: ClockMoment) {
    first = moment
    last = moment
  }
}
