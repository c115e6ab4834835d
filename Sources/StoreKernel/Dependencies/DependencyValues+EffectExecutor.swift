extension DependencyValues {
  /// The executor a store's effects run on, read once when the store is created: `nil` (the
  /// default) runs them on the global concurrent executor.
  ///
  /// A test store sets its own serial executor here, so that a test clock can tell when the
  /// effects it woke have done everything they can (docs/decisions/0006-test-store-executor.md).
  public var effectExecutor: (any TaskExecutor)? {
    get { self[EffectExecutorKey.self] }
    set { self[EffectExecutorKey.self] = newValue }
  }
}

private enum EffectExecutorKey: DependencyKey {
  static let liveValue: (any TaskExecutor)? = nil
  static let testValue: (any TaskExecutor)? = nil
}
