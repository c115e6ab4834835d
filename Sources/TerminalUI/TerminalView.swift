/// How a host shows a feature in a terminal: render into lines of a given size, and hand the
/// feature the key presses meant for it.
///
/// A feature module implements it over the feature's `ViewStore` and hands it out through a
/// public function (`CounterFeature.terminalView(of:)`); hosts see only this protocol. The host
/// learns when to render again through Swift's Observation: it renders inside
/// `withObservationTracking`, and the view store tells it when something the render read has
/// changed (see ``TerminalRendering``).
///
/// Not `Sendable`: confined to the feature's actor.
public protocol TerminalView: AnyObject {
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

  /// Where the terminal cursor belongs after the last `render`, as a row and column inside
  /// the rendered area, or `nil` to hide it.
  var cursor: (row: Int, column: Int)? { get }
}

extension TerminalView {
  /// No cursor by default.
  public var cursor: (row: Int, column: Int)? { nil }
}
