/// A key press, decoded by the host's terminal layer, as features see it.
///
/// `Sendable` plain value.
public indirect enum KeyPress: Sendable, Equatable, Hashable {
  /// A printable character (including accents, CJK and emoji).
  case character(Character)
  /// Several characters arriving at once (a paste).
  case paste(String)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Backspace (delete before the cursor).
  case backspace
  /// Delete (delete after the cursor).
  case delete
  /// Escape on its own.
  case escape
  /// An arrow key.
  case up, down, left, right
  /// Home and End.
  case home, end
  /// Page Up and Page Down.
  case pageUp, pageDown
  /// A control chord such as Ctrl-S (`.control("s")`).
  case control(Character)
  /// A function key, F1 to F12.
  case function(Int)
  /// A key pressed with modifiers the terminal reported apart from it: Ctrl-Left is
  /// `.modified(.left, .control)`, Alt-U is `.modified(.character("u"), .alt)`, Alt-Backspace
  /// is `.modified(.backspace, .alt)`.
  case modified(KeyPress, KeyModifiers)

  /// Alt with a character: `ESC` followed by it.
  ///
  /// - Parameter character: The character.
  /// - Returns: `.modified(.character(character), .alt)`.
  public static func alt(_ character: Character) -> KeyPress {
    .modified(.character(character), .alt)
  }
}
