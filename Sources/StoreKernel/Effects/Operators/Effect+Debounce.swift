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
}
