import StoreKernel
import StoreKernelTesting
import Testing

@MainActor
@Suite struct ReducerDependencyTests {
  @Test func anOverrideAppliesToTheReducerAndTheEffectsItCreates() async {
    let store = TestStore(
      initialState: [String](), reducer: Greeter().dependency(\.greeting, "overridden"))
    await store.send(.greet) { $0 = ["reducer: overridden"] }
    await store.send(.greetLater)
    await store.receive(.heard("effect: overridden")) { $0.append("effect: overridden") }
  }

  @Test func theRestOfTheStoreKeepsItsOwnValue() async {
    let store = TestStore(
      initialState: [String](),
      reducer: CombineReducers {
        Greeter().dependency(\.greeting, "inner")
        Greeter()
      })
    await store.send(.greet) { $0 = ["reducer: inner", "reducer: test greeting"] }
  }

  @Test func transformDependencyChangesTheValuesItIsGiven() async {
    let store = TestStore(
      initialState: [String](),
      reducer: Greeter().transformDependency { $0.greeting += ", changed" })
    await store.send(.greet) { $0 = ["reducer: test greeting, changed"] }
  }

  @Test func aSeededRandomNumberGeneratorDrawsTheSameNumbersEveryTime() {
    let first = DependencyValues(context: .test).randomNumberGenerator
    let second = DependencyValues(context: .test).randomNumberGenerator
    let draws = (0..<5).map { _ in first { Int.random(in: 0..<1_000_000, using: &$0) } }
    #expect(draws == (0..<5).map { _ in second { Int.random(in: 0..<1_000_000, using: &$0) } })
    let other = WithRandomNumberGenerator.seeded(42)
    #expect(draws != (0..<5).map { _ in other { Int.random(in: 0..<1_000_000, using: &$0) } })
  }
}
