extension Store {
  /// How many entries the runtime's effect table holds, finished effects not yet pruned
  /// included; `nil` on a scoped store. Tests read it to check that the bookkeeping of a
  /// long-running store stays bounded however many effects it has run.
  package var effectTableCount: Int? {
    guard case .root(let runtime) = source else { return nil }
    return runtime.effects.count
  }
}
