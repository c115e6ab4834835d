extension DependencyValues {
  /// The clock effects wait on (debounce, throttle, timers). Live: `ContinuousClock`. Tests
  /// override it with a `TestClock` so time only moves when the test says so.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}

private enum ClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
}
