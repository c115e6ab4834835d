import FeatureBridge

extension FeatureHandle where Input == TallyInput, Output == TallyOutput {
  /// A new view store over the test feature (its last state once it has stopped).
  var tallyViewStore: ViewStore<TallyState, TallyAction.ViewAction> {
    viewStore(state: TallyState.self, viewAction: TallyAction.ViewAction.self)
  }

  /// The test feature's state now (its last state once it has stopped), read untracked.
  var tallyState: TallyState? { tallyViewStore.peek(\.self) }
}
