import StoreKernel
import StoreKernelTesting
import Testing

/// A key that only has a live value: tests must override it.
enum LiveOnlyKey: DependencyKey {
  static var liveValue: Int { 42 }
}

extension DependencyValues {
  fileprivate var liveOnly: Int {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
}

private typealias Reader = Store<[Int], Bool>

/// A store whose reducer appends the live-only dependency it reads.
@MainActor
private func makeReader(context: DependencyValues.Context, override: Int? = nil) -> Reader {
  Store(
    initialState: [],
    reducer: Reduce<[Int], Bool> { state, _ in
      state.append(DependencyValues.current.liveOnly)
      return .none
    }
  ) {
    $0.context = context
    if let override { $0.liveOnly = override }
  }
}

@MainActor
@Suite struct DependencyKeyTests {
  init() {
    TestIssues.install()
  }

  @Test func aKeyWithoutATestValueReportsTheKeyWhenATestReachesIt() {
    let issues = Recorder<String>()
    let keyName = String(reflecting: LiveOnlyKey.self)

    withKnownIssue {
      let store = makeReader(context: .test)
      store.send(true)
      store.send(true)
      // It falls back to the live value, once per store.
      #expect(store.state == [42, 42])
    } matching: { issue in
      issues.record(issue.message)
      return issue.message.contains("'\(keyName)'")
    }

    #expect(issues.values.count == 1)
    #expect(keyName.hasSuffix("LiveOnlyKey"))
  }

  @Test func overridingTheKeyInATestReportsNothing() {
    let store = makeReader(context: .test, override: 7)
    store.send(true)
    #expect(store.state == [7])
  }

  @Test func theLiveContextReportsNothing() {
    let store = makeReader(context: .live)
    store.send(true)
    #expect(store.state == [42])
  }
}
