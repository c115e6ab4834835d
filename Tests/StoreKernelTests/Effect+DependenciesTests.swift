import Testing

@testable import StoreKernel

@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectDependenciesTests {
  private enum Tag: DependencyKey {
    static let liveValue = "live"
    static let testValue = "default"
  }

  @Test func everyRunInTheTreeGetsTheChange() async {
    let seen = Recorder<String>()
    let read = Effect<Int>.run { _ in seen.record(DependencyValues.current[Tag.self]) }
    let tree = Effect<Int>.merge(
      read,
      .concatenate(read, read.cancellable(id: "x")),
      read.throttle(id: "t", for: .seconds(1), clock: ContinuousClock())
    )
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { _, action in
        guard action == 0 else { return .none }
        return tree.transformingDependencies { values, _ in values[Tag.self] = "changed" }
      })
    await store.send(0).finish()
    #expect(seen.values == ["changed", "changed", "changed", "changed"])
  }

  @Test func theChangeGetsTheRunsOwnSend() async {
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return Effect.run { _ in await DependencyValues.current.dismiss() }
          .transformingDependencies { values, send in
            values.dismiss = DismissEffect { await send(42) }
          }
      })
    await store.send(0).finish()
    #expect(store.state == [0, 42])
  }
}
