extension DependencyValues {
  /// The clock effects wait on (debounce, throttle, timers). Live: `ContinuousClock`. Tests
  /// override it with a `TestClock` so time only moves when the test says so.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}

extension DependencyValues {
  /// TCA's name for ``clock``: the same dependency, so code ported from TCA
  /// (`@Dependency(\.continuousClock) var clock`) and its tests
  /// (`$0.continuousClock = TestClock()`) work unchanged. Setting either sets both: there is one
  /// clock an effect waits on.
  public var continuousClock: any Clock<Duration> {
    get { clock }
    set { clock = newValue }
  }
}

extension DependencyValues {
  /// The clock a store was given, if any (without resolving a default, which in a test would
  /// report a live value): a test store looks for its test clock here.
  package var clockOverride: (any Clock<Duration>)? {
    overriddenValue(for: ClockKey.self)
  }
}

private enum ClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
}
