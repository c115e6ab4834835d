extension Effect {
  /// Delays this effect until `duration` has passed without another effect with the same `id`;
  /// each new one cancels the one waiting.
  ///
  /// Typical for autosave: `.run { _ in try await save() }.debounce(id: Save.self, for: .seconds(1),
  /// clock: clock)`.
  ///
  /// - Parameters:
  ///   - id: The debounce identity, scoped to the store.
  ///   - duration: The quiet period to wait for.
  ///   - clock: The clock to wait on; inject it as a dependency so tests can use a test clock.
  /// - Returns: The debounced effect.
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Self {
    if isNone { return self }
    let wait = Self.run { _ in try await clock.sleep(for: duration) }
    return Self.concatenate([wait, self]).cancellable(id: id, cancelInFlight: true)
  }

  /// Lets at most one effect with `id` start per `interval`: the first starts at once; those
  /// that arrive while the window is open are held, and the held one (the latest, or the first
  /// when `latest` is `false`) starts when the window closes.
  ///
  /// A held effect belongs to the `send` that was throttled: that send's `StoreTask` covers it
  /// (and no later send's does). Cancelling `id`, or any id enclosing the throttle (an outer
  /// `.cancellable(id:)`, a concatenation's, the child's when the child goes away), drops the
  /// held effect. A throttle inside a concatenation holds the concatenation until its held
  /// effect has run. A `.send` held here is handled synchronously when the window closes.
  ///
  /// - Parameters:
  ///   - id: The throttle identity, scoped to the store.
  ///   - interval: The length of the window.
  ///   - clock: The clock to measure the window on.
  ///   - latest: Keep the newest held effect (`true`) or the first one (`false`).
  /// - Returns: The throttled effect.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>,
    latest: Bool = true
  ) -> Self {
    if isNone { return self }
    return Self(
      .throttle(
        EffectThrottle(id: EffectID(id), interval: interval, clock: clock, latest: latest), self))
  }
}
