/// The timer's state. Internal: only this module, and its tests through `@testable import`,
/// can name it.
struct TimerState: Equatable, Sendable {
  /// The seconds the countdown was started with; a reset goes back to it.
  var duration = 0
  /// The seconds left.
  var remaining = 0
  /// Whether the countdown is ticking (not paused, not done).
  var isRunning = false
}
