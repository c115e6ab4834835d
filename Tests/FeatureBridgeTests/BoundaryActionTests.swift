import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// A feature action with no stop action of its own.
private enum SilentAction: BoundaryAction, Equatable {
  case input(Int)
  case view(Int)

  var output: Int? { nil }
}

private struct Silent: Reducer {
  func reduce(into total: inout Int, action: SilentAction) -> Effect<SilentAction> {
    if case .input(let amount) = action { total += amount }
    return .none
  }
}

private final class SilentView: FeatureView {
  func render(width: Int, height: Int) -> [String] { [] }
  func handle(_ keys: [KeyPress]) -> Int { 0 }
  var keyHelp: [String] { [] }
  var renderGeneration: Int { 0 }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct BoundaryActionTests {
  @Test func aFeatureHasNoStopActionUnlessItDeclaresOne() {
    #expect(SilentAction.willStop == nil)
    #expect(TallyAction.willStop == .stopping)
  }

  @Test func stoppingAFeatureWithoutAStopActionSendsNothingMore() async {
    let (inputs, send) = AsyncStream.makeStream(of: Int.self)
    let feature = Feature<Int, Int>.start(
      name: "BoundaryActionTests.silent", initialState: 0, reducer: Silent(), inputs: inputs,
      view: { _ in SilentView() })
    send.yield(3)
    #expect(await yieldUntil { feature.metrics.inputsDelivered == 1 })

    await feature.stop()

    #expect(feature.metrics.storeEvents.actionsReceived == 1)
    #expect(await collect(feature.outputs) == [])
  }
}
