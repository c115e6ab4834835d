import FeatureBridge

extension Feature where Input == TallyInput, Output == TallyOutput {
  /// The test feature's view, as the test feature builds it.
  var tallyView: TallyView? { view as? TallyView }

  /// The test feature's state, read through its view store; `nil` once it has stopped.
  var tallyState: TallyState? { tallyView?.viewStore.state }
}
