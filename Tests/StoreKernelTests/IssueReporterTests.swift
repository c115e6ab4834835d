import StoreKernel
import StoreKernelTesting
import Testing

@Suite struct IssueReporterTests {
  @Test func reportGoesToTheInstalledHandler() {
    TestIssues.install()
    withKnownIssue {
      IssueReporter.report("something went wrong")
    } matching: { issue in
      issue.message == "something went wrong"
    }
  }
}
