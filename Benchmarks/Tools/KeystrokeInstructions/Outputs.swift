import FeatureBridge
import StoreKernel

/// FeatureBridgeBenchmarks' "outputs through onOutput": a view action whose reducer emits one
/// delegate action, heard by the host's handler (mode outputs).
func emitOutputsDirectly(_ outputs: Int, isolation: isolated any Actor = #isolation) {
  let (feature, viewStore) = CountingFeature.start()
  var received = 0
  feature.onOutput { output in
    blackHole(output)
    received &+= 1
  }
  for _ in 0..<outputs {
    viewStore.send(.emit)
  }
  precondition(received == outputs)
  blackHole(feature)
}
