import FeatureBridge

/// Holds a test feature for tests that let it go from code the feature itself runs (an output
/// handler, a view's observer), to check what happens when a feature goes mid-action.
@MainActor final class FeatureHolder {
  var feature: FeatureHandle<TallyInput, TallyOutput>?
}
