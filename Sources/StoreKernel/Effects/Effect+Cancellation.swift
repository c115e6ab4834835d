extension Effect {
  /// Marks this effect as cancellable by `id` in the store that starts it.
  ///
  /// Ids are scoped to one store (and the scoped children that share its runtime): an
  /// independent store using the same id is never affected.
  ///
  /// `.none` stays `.none`, as in TCA: `Effect.none.cancellable(id: x, cancelInFlight: true)`
  /// cancels nothing. To cancel, return ``cancel(id:)``.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value.
  ///   - cancelInFlight: Cancel the store's running effects with the same id before starting
  ///     this one.
  /// - Returns: The cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone { return self }
    return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels the store's running effects that were marked with `id`.
  ///
  /// - Parameter id: The id the effects were marked with.
  /// - Returns: An effect that cancels when the store starts it.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }
}
