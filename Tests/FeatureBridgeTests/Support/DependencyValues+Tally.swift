import FeatureBridge
import StoreKernel

// The test feature's own dependencies. Each test injects fresh ones through
// `TallyFeature.start`, so tests running in parallel never share a journal or a shared value.

private enum TallyJournalKey: DependencyKey {
  static var liveValue: TallyJournal { TallyJournal() }
  static var testValue: TallyJournal { TallyJournal() }
}

private enum TallySharedKey: DependencyKey {
  static var liveValue: Shared<Int> { Shared(value: 0) }
  static var testValue: Shared<Int> { Shared(value: 0) }
}

extension DependencyValues {
  var tallyJournal: TallyJournal {
    get { self[TallyJournalKey.self] }
    set { self[TallyJournalKey.self] = newValue }
  }

  var tallyShared: Shared<Int> {
    get { self[TallySharedKey.self] }
    set { self[TallySharedKey.self] = newValue }
  }
}
