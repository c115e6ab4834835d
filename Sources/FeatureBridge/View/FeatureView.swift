/// How a host shows a feature in a terminal: render into lines of a given size, and hand the
/// feature the key presses meant for it.
///
/// Implemented inside each feature module over a ``ViewStore``; hosts see only this protocol.
/// Not `Sendable`: confined to the feature's actor.
public protocol FeatureView: AnyObject {
  /// Renders the feature into at most `height` lines, each at most `width` terminal columns.
  /// Text from the feature's state is made inert: control and escape characters are shown as
  /// visible symbols, never written raw.
  ///
  /// - Parameters:
  ///   - width: The available columns.
  ///   - height: The available rows.
  /// - Returns: The lines to show.
  func render(width: Int, height: Int) -> [String]

  /// Handles a batch of key presses, in order; returns the number it consumed (a host may
  /// handle the rest, for example tab switching).
  ///
  /// - Parameter keys: The key presses.
  /// - Returns: How many of them the feature used.
  @discardableResult
  func handle(_ keys: [KeyPress]) -> Int

  /// One line of key help for the host's help screen.
  var keyHelp: [String] { get }
}
