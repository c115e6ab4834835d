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

@MainActor
@Suite(.timeLimit(.minutes(10))) struct BoundaryActionTests {
  @Test func aFeatureHasNoStopActionUnlessItDeclaresOne() {
    #expect(SilentAction.willStop == nil)
    #expect(TallyAction.willStop == .stopping)
  }

  @Test func stoppingAFeatureWithoutAStopActionSendsNothingMore() async {
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "BoundaryActionTests.silent", initialState: 0, reducer: Silent())
    }.start()
    #expect(await feature.send(3))

    await feature.stop()

    #expect(feature.metrics.storeEvents.actionsReceived == 1)
    #expect(await collect(feature.outputs) == [])
  }
}
