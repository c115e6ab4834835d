package import StoreKernel

extension DependencyValues {
  /// Where the count and the favorites are kept between runs; `nil` keeps them in memory only
  /// (nothing is loaded or saved).
  package var counterStorage: CounterStorage? {
    get { self[CounterStorageKey.self] }
    set { self[CounterStorageKey.self] = newValue }
  }
}

private enum CounterStorageKey: DependencyKey {
  static let liveValue: CounterStorage? = nil
  static let testValue: CounterStorage? = nil
}
