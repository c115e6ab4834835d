public import CounterFeature
public import FeatureBridge
public import TerminalUI

// The view lives in a target of its own, so a host that embeds the feature headlessly (a
// server, a SwiftUI app) never links the terminal toolkit.
extension CounterFeature {
  /// The counter's terminal view: the count, whether it is a favorite, and the favorites; `+`,
  /// `-` and `s` change them.
  ///
  /// - Parameter feature: A running counter.
  /// - Returns: A new view over it.
  public static func terminalView(
    of feature: FeatureHandle<CounterInput, CounterOutput>
  ) -> any TerminalView {
    CounterView(
      store: feature.viewStore(state: CounterState.self, viewAction: CounterAction.ViewAction.self))
  }
}
