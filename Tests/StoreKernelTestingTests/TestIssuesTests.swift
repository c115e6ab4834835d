import StoreKernel
import StoreKernelTesting
import Testing

@MainActor
@Suite struct TestIssuesTests {
  @Test func installedReportsBecomeIssuesOfTheRunningTest() async {
    TestIssues.install()
    let issues = await knownIssues {
      IssueReporter.report("reported by the kernel")
    }
    #expect(issues == ["reported by the kernel"])
  }

  @Test func reportsFromAnEffectGoToTheTestThatStartedIt() async {
    TestIssues.install()
    let issues = await knownIssues {
      let store = Store(
        initialState: 0,
        reducer: Reduce<Int, Bool> { _, _ in
          .run { _ in IssueReporter.report("reported from an effect") }
        })
      await store.send(true).finish()
    }
    #expect(issues == ["reported from an effect"])
  }
}
