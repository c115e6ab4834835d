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

  /// Handles key presses in order and stops at the first one the feature does not use (for
  /// example Tab, or `q` while not typing), so the host can handle that key and pass the rest
  /// again.
  ///
  /// - Parameter keys: The key presses.
  /// - Returns: How many leading keys the feature used.
  @discardableResult
  func handle(_ keys: [KeyPress]) -> Int

  /// Lines of key help for the host's help screen.
  var keyHelp: [String] { get }

  /// Bumped by the view's own observation of its store whenever what it shows may have
  /// changed; a host renders only when some view's generation moved.
  var renderGeneration: Int { get }

  /// Where the terminal cursor belongs after the last `render`, as a row and column inside
  /// the rendered area, or `nil` to hide it.
  var cursor: (row: Int, column: Int)? { get }
}

extension FeatureView {
  /// No cursor by default.
  public var cursor: (row: Int, column: Int)? { nil }
}
