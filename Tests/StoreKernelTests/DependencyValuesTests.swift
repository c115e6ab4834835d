import StoreKernel
import Testing

/// Counts how often its live value is built.
private let liveBuilds = Recorder<Int>()

private enum ExpensiveKey: DependencyKey {
  static var liveValue: Int {
    liveBuilds.record(1)
    return liveBuilds.values.count
  }
  static let testValue = -1
}

@Suite struct DependencyValuesTests {
  @Test func thisTestProcessRunsInTheTestContext() {
    #expect(DependencyValues.processContext == .test)
    #expect(DependencyValues().context == .test)
  }

  @Test func contextDecidesWhichDefaultAnUnsetKeyResolvesTo() {
    #expect(DependencyValues(context: .live)[GreetingKey.self] == "live greeting")
    #expect(DependencyValues(context: .test)[GreetingKey.self] == "test greeting")
  }

  @Test func anOverrideWinsOverTheDefault() {
    var values = DependencyValues(context: .test)
    values.greeting = "override"
    #expect(values.greeting == "override")
    #expect(DependencyValues(context: .test).greeting == "test greeting")
  }

  @Test func changingTheContextResolvesDefaultsAgain() {
    var values = DependencyValues(context: .test)
    #expect(values.greeting == "test greeting")
    values.context = .live
    #expect(values.greeting == "live greeting")
  }

  @Test func aDefaultIsBuiltOncePerSetOfValues() {
    let values = DependencyValues(context: .live)
    let first = values[ExpensiveKey.self]
    let second = values[ExpensiveKey.self]
    #expect(first == second)

    let other = DependencyValues(context: .live)[ExpensiveKey.self]
    #expect(other != first)
  }
}
