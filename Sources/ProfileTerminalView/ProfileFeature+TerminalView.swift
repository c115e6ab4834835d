public import FeatureBridge
public import ProfileFeature
public import TerminalUI

// The view lives in a target of its own, so a host that embeds the feature headlessly (a
// server, a SwiftUI app) never links the terminal toolkit.
extension ProfileFeature {
  /// The profile's terminal view: the favorites, one per line, the selected one marked; ↑ ↓
  /// select and `x` removes.
  ///
  /// - Parameter feature: A running profile.
  /// - Returns: A new view over it.
  public static func terminalView(
    of feature: FeatureHandle<ProfileInput, ProfileOutput>
  ) -> any TerminalView {
    ProfileView(
      store: feature.viewStore(state: ProfileState.self, viewAction: ProfileAction.ViewAction.self))
  }
}
