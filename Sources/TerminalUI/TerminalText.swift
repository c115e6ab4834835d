import MultiStorePrimitives

/// Text for a terminal: display width by Unicode rules, and inert rendering of anything that a
/// terminal would interpret (control characters, escape sequences).
///
/// Every feature view renders user text through ``inert(_:)`` and fits it with
/// ``fit(_:width:pad:)``, so a note containing `ESC [ 2 J` shows `^[[2J` instead of clearing the
/// screen, and CJK or emoji text keeps the layout.
///
/// A namespace: no values.
public enum TerminalText {
  /// The number of terminal columns `character` occupies once made inert: 0 for combining
  /// marks and format characters, 2 for wide (CJK, fullwidth) and emoji presentation, 2 for a
  /// control character (shown as `^X`), 1 otherwise.
  ///
  /// - Parameter character: A grapheme cluster.
  /// - Returns: Its width in columns.
  public static func width(of character: Character) -> Int {
    TextColumns.width(of: character)
  }

  /// The number of columns `text` occupies once made inert.
  ///
  /// - Parameter text: Any text.
  /// - Returns: Its width in columns.
  public static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// `text` with every control character replaced by a visible, harmless form: C0 controls
  /// and DEL in caret notation (`^[` for ESC, `^@` for NUL, `^?` for DEL), C1 controls as
  /// `<9B>`-style hex. Nothing in the result can move the cursor or change the terminal.
  ///
  /// - Parameter text: Text from user data.
  /// - Returns: Text safe to write to a terminal.
  public static func inert(_ text: some StringProtocol) -> String {
    TextColumns.inert(text)
  }

  /// `text` made inert, then cut or padded with spaces to exactly `width` columns. A wide
  /// character that would straddle the edge is replaced by a space.
  ///
  /// - Parameters:
  ///   - text: Text from user data.
  ///   - width: The columns available.
  ///   - pad: Whether to pad short text with spaces.
  /// - Returns: Safe text of at most (or, when padding, exactly) `width` columns.
  public static func fit(_ text: some StringProtocol, width: Int, pad: Bool = false) -> String {
    var result = ""
    var used = 0
    for character in inert(text) {
      let characterWidth = Self.width(of: character)
      if used + characterWidth > width {
        if used < width, pad { result += String(repeating: " ", count: width - used) }
        return result
      }
      result.append(character)
      used += characterWidth
    }
    if pad, used < width { result += String(repeating: " ", count: width - used) }
    return result
  }
}
