public import FeatureBridge
public import NotesFeature
public import TerminalUI

// The view lives in a target of its own, so a host that embeds the feature headlessly (a
// server, a SwiftUI app) never links the terminal toolkit.
extension NotesFeature {
  /// The notes' terminal view: the list and the selected note's editor, search and rename
  /// prompts, and a status line.
  ///
  /// - Parameter feature: Running notes.
  /// - Returns: A new view over them.
  public static func terminalView(
    of feature: FeatureHandle<NotesInput, NotesOutput>
  ) -> any TerminalView {
    NotesView(
      store: feature.viewStore(state: NotesState.self, viewAction: NotesAction.ViewAction.self))
  }
}
