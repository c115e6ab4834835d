/// A clock that wants the effects sleeping on it to run on its own executor: a test clock, which
/// can then tell when the effects it woke have done everything they can before time moves on.
///
/// A store whose `clock` dependency is such a clock runs its effects on the clock's executor,
/// unless ``DependencyValues/effectExecutor`` is set: a feature started with a test clock is
/// as deterministic under `advance(by:)` as a test store, with no executor to pass by hand.
///
/// ```swift
/// let clock = TestClock()  // the notes run their effects on its executor
/// let notes = NotesFeature.launcher.start(.init(storage: .inMemory(), clock: clock))
/// ```
///
/// Conforming types are `Sendable` (they are clocks).
public protocol ExecutorPreferringClock: Clock<Duration> {
  /// The executor the effects of a store using this clock run on.
  var effectExecutor: any TaskExecutor { get }
}

extension DependencyValues {
  /// The executor a store made with these values runs its effects on: the one set explicitly,
  /// else the one its clock prefers, else `nil` (the global concurrent executor).
  var resolvedEffectExecutor: (any TaskExecutor)? {
    if let executor = effectExecutor { return executor }
    return (clockOverride as? any ExecutorPreferringClock)?.effectExecutor
  }
}
