import StoreKernel
import StoreKernelTesting
import Testing

@Suite struct DependencyValuesClockTests {
  init() {
    TestIssues.install()
  }

  @Test func theClockHasNoTestValueEither() {
    withKnownIssue {
      _ = DependencyValues(context: .test).clock
    } matching: { issue in
      issue.message.contains("A test used the live value of dependency")
    }
  }

  @Test func aTestClockOverrideIsSeen() {
    let clock = TestClock()
    var values = DependencyValues(context: .test)
    values.clock = clock
    #expect(values.clock as? TestClock === clock)
  }

  @Test func theLiveClockIsTheContinuousClock() {
    #expect(DependencyValues(context: .live).clock is ContinuousClock)
  }
}
