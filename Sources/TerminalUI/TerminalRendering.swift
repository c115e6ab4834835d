import Observation

/// Rendering a terminal view so that the host learns when to render it again.
///
/// A feature's terminal view reads its state through a `ViewStore`, which Swift's Observation
/// tracks per property. Rendering inside ``render(_:width:height:onChange:)`` records what the
/// render read; `onChange` is called once, the first time any of it changes (before the change
/// is visible: schedule a redraw, do not draw from it). A host that renders again after each
/// `onChange` redraws exactly when something on screen changed, and never otherwise: no timer.
///
/// A namespace: no values.
public enum TerminalRendering {
  /// Renders `view` at `width` × `height` and tracks what the render read.
  ///
  /// - Parameters:
  ///   - view: The view to render.
  ///   - width: The available columns.
  ///   - height: The available rows.
  ///   - onChange: Called once, on the feature's actor, when something the render read changes.
  /// - Returns: The rendered lines.
  public static func render(
    _ view: any TerminalView, width: Int, height: Int,
    onChange: @escaping @Sendable () -> Void
  ) -> [String] {
    withObservationTracking {
      view.render(width: width, height: height)
    } onChange: {
      onChange()
    }
  }
}
