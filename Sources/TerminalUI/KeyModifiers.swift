/// The modifier keys a terminal reports with a key: Shift, Alt (or Meta) and Ctrl.
///
/// Terminals report them for keys that have no character of their own (arrows, Home, End,
/// Delete, Page Up and Down, function keys) as a parameter of the key's escape sequence
/// (`ESC [1;5D` is Ctrl-Left), and for Alt with a character or Backspace as `ESC` followed by
/// the key (`ESC u` is Alt-U).
///
/// `Sendable` plain value.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
  /// The bits, as in the xterm modifier parameter minus one: Shift 1, Alt 2, Ctrl 4.
  public let rawValue: UInt8

  /// Modifiers from their bits.
  ///
  /// - Parameter rawValue: Shift 1, Alt 2, Ctrl 4.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt, Option or Meta.
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)
}
