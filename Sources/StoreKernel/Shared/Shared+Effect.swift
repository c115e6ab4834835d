extension Effect {
  /// Subscribes to a shared value for as long as the effect runs: sends `toAction` of the
  /// current value first, then of every change. Cancel the effect (or stop the feature) to end
  /// the subscription.
  ///
  /// ```swift
  /// case .internal(.subscribeToFavorites):
  ///   return .subscribe(to: favorites) { .internal(.favoritesChanged($0)) }
  /// ```
  ///
  /// - Parameters:
  ///   - shared: The shared value.
  ///   - toAction: Turns each value into the action to send.
  /// - Returns: The long-running effect.
  public static func subscribe<Value: Sendable>(
    to shared: Shared<Value>, _ toAction: @escaping @Sendable (Value) -> Action
  ) -> Effect {
    .run { send in
      for await value in shared.values() {
        await send(toAction(value))
      }
    }
  }
}
