extension Effect {
  /// Turns the actions this effect sends into another action type, usually to embed a child's
  /// effect in its parent's domain.
  ///
  /// - Parameter transform: Maps each action.
  /// - Returns: The same work, sending transformed actions.
  public func map<Other: Sendable>(
    _ transform: @escaping @Sendable (Action) -> Other
  ) -> Effect<Other> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return Effect<Other>(.send(transform(action)))
    case .run(let run):
      return Effect<Other>(.run(run.map(transform)))
    case .merge(let effects):
      return Effect<Other>(.merge(effects.map { $0.map(transform) }))
    case .composed(let composed):
      return composed.rebuilt(EffectTransform { $0.map(transform) })
    }
  }
}
