extension Effect {
  /// Turns the actions this effect sends into another action type, usually to embed a child's
  /// effect in its parent's domain.
  ///
  /// - Parameter transform: Maps each action.
  /// - Returns: The same work, sending transformed actions.
  @inlinable
  public func map<Other: Sendable>(
    _ transform: @escaping @Sendable (Action) -> Other
  ) -> Effect<Other> {
    // The common cases specialized in the caller's module; the rest out of line.
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return Effect<Other>(.send(transform(action)))
    case .run, .merge, .composed:
      return mapping(transform)
    }
  }

  /// ``map(_:)`` of an effect with work in it (the other cases are `map`'s own).
  @usableFromInline
  func mapping<Other: Sendable>(
    _ transform: @escaping @Sendable (Action) -> Other
  ) -> Effect<Other> {
    switch operation {
    case .none, .send:
      return map(transform)
    case .run(let run):
      return Effect<Other>(.run(run.map(transform)))
    case .merge(let effects):
      return Effect<Other>(.merge(effects.map { $0.map(transform) }))
    case .composed(let composed):
      return composed.rebuilt(EffectTransform { $0.map(transform) })
    }
  }
}

extension Effect {
  /// The actions this effect sends at once (`.send`, also inside `.merge`), in order, and the
  /// rest of it: what FeatureBridge runs in the same step for a feature composed into another
  /// store, as the feature's own store would run them before anything else reached it.
  @inlinable
  package func takingSends() -> (sends: [Action], rest: Effect) {
    switch operation {
    case .none:
      return ([], self)
    case .send(let action):
      return ([action], .none)
    case .run, .composed:
      return ([], self)
    case .merge(let effects):
      var sends: [Action] = []
      var rest: [Effect] = []
      for effect in effects {
        let taken = effect.takingSends()
        sends += taken.sends
        if !taken.rest.isNone { rest.append(taken.rest) }
      }
      return (sends, .merge(rest))
    }
  }
}
