extension Effect {
  /// This effect with `update` applied to the dependencies of every `.run` in it, wherever it
  /// sits in the tree (merged, concatenated, cancellable, throttled). `update` also gets the
  /// run's own `Send`, so a dependency can send back through the effect that reads it.
  ///
  /// The run's own dependencies (its reducer's, with their overrides) are the starting point:
  /// `update` changes a copy of them for the length of the run.
  func transformingDependencies(
    _ update: @escaping @Sendable (inout DependencyValues, Send<Action>) -> Void
  ) -> Self {
    transformingRuns { $0.transformingDependencies(update) }
  }

  /// This effect with `transform` applied to every `.run` in it, wherever it sits in the tree:
  /// the one walk that dependency overrides and marks share.
  func transformingRuns(_ transform: @escaping @Sendable (Run) -> Run) -> Self {
    switch operation {
    case .none, .send:
      return self
    case .run(let run):
      return Self(.run(transform(run)))
    case .merge(let effects):
      return Self(.merge(effects.map { $0.transformingRuns(transform) }))
    case .composed(let composed):
      // An operator's runs are its effects' (a prioritized run rebuilds itself from its run as
      // an effect): the transform reaches them through `rebuilt`.
      return composed.rebuilt(EffectTransform { $0.transformingRuns(transform) })
    }
  }
}

extension Effect.Run {
  /// The same work, run with `update` applied to the dependencies it would have run with.
  func transformingDependencies(
    _ update: @escaping @Sendable (inout DependencyValues, Send<Action>) -> Void
  ) -> Self {
    let body = body
    return Self(dependencies: dependencies) { send in
      var values = DependencyValues.current
      update(&values, send)
      await EffectDependencies.$current.withValue(DependencyScope(values)) { await body(send) }
    }
  }
}
