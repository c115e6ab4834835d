/// How many columns text takes where it is shown in cells (a terminal, or any grid of fixed
/// cells), by Unicode rules, and the harmless form of control characters: what a terminal view
/// and a feature that moves a cursor by visual rows must agree on.
///
/// TerminalUI's `TerminalText` is its public face; features that lay text out in rows without
/// drawing it use this directly, so they need no terminal toolkit.
///
/// A namespace: no values.
package enum TextColumns {
  /// The number of columns `character` occupies once made inert: 0 for combining marks and
  /// format characters, 2 for wide (CJK, fullwidth) and emoji presentation, 2 for a control
  /// character (shown as `^X`), 1 otherwise.
  package static func width(of character: Character) -> Int {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
    if let replacement = inertReplacement(for: character) { return replacement.count }
    var widest = 0
    for scalar in character.unicodeScalars {
      let scalarWidth = scalarColumns(scalar)
      if scalarWidth > widest { widest = scalarWidth }
      // A cluster is as wide as its widest base; emoji sequences render as one wide glyph.
      if widest == 2 { break }
    }
    return widest
  }

  /// `text` with every control character replaced by a visible, harmless form: C0 controls
  /// and DEL in caret notation (`^[` for ESC), C1 controls as `<9B>`-style hex.
  package static func inert(_ text: some StringProtocol) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if let replacement = inertReplacement(for: character) {
        result += replacement
      } else {
        result.append(character)
      }
    }
    return result
  }

  package static func inertReplacement(for character: Character) -> String? {
    guard let first = character.unicodeScalars.first else { return nil }
    let value = first.value
    switch value {
    case 0x00...0x1F:
      return "^" + String(UnicodeScalar(UInt8(value + 0x40)))
    case 0x7F:
      return "^?"
    case 0x80...0x9F:
      let hex = String(value, radix: 16, uppercase: true)
      return "<\(hex)>"
    default:
      // A cluster can start with a normal scalar and still carry a control (e.g. "a" + ESC is
      // two clusters, but CR LF is one): check every scalar.
      if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F) ~= $0.value })
      {
        return character.unicodeScalars.map { scalar in
          inertReplacement(for: Character(scalar)) ?? String(scalar)
        }.joined()
      }
      return nil
    }
  }

  private static func scalarColumns(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return 0
    default:
      break
    }
    if value == 0x200B { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    if isWide(value) { return 2 }
    return 1
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
