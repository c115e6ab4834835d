import FeatureBridge
import StoreKernel

// The test feature's own dependencies. Each test injects fresh ones through
// `TallyFeature.start`, so tests running in parallel never share a journal or a shared value.

private enum TallyJournalKey: DependencyKey {
  static var liveValue: TallyJournal { TallyJournal() }
  static var testValue: TallyJournal { TallyJournal() }
}

private enum TallySharedKey: DependencyKey {
  static var liveValue: SharedValue<Int> { SharedValue(0) }
  static var testValue: SharedValue<Int> { SharedValue(0) }
}

extension DependencyValues {
  var tallyJournal: TallyJournal {
    get { self[TallyJournalKey.self] }
    set { self[TallyJournalKey.self] = newValue }
  }

  var tallyShared: SharedValue<Int> {
    get { self[TallySharedKey.self] }
    set { self[TallySharedKey.self] = newValue }
  }
}
