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
  @inlinable
  public static func width(of text: some StringProtocol) -> Int {
    // Printable ASCII, nearly every line a frame shows, is one column a byte.
    if let count = text.utf8.withContiguousStorageIfAvailable({ printableASCIICount($0) }),
      count == text.utf8.count
    {
      return count
    }
    return text.reduce(0) { $0 + width(of: $1) }
  }

  /// `text` with every control character replaced by a visible, harmless form: C0 controls
  /// and DEL in caret notation (`^[` for ESC, `^@` for NUL, `^?` for DEL), C1 controls as
  /// `<9B>`-style hex. Nothing in the result can move the cursor or change the terminal.
  ///
  /// - Parameter text: Text from user data.
  /// - Returns: Text safe to write to a terminal.
  @inlinable
  public static func inert(_ text: some StringProtocol) -> String {
    if let inert = text.utf8.withContiguousStorageIfAvailable({ bytes in
      // Printable ASCII is its own inert form; other text is read a run at a time.
      printableASCIICount(bytes) == bytes.count
        ? nil : fitBytes(bytes, width: .max, pad: false)
    }) {
      return inert ?? String(text)
    }
    return inertCharacters(text)
  }

  /// ``inert(_:)`` a character at a time.
  @usableFromInline
  static func inertCharacters(_ text: some StringProtocol) -> String {
    TextColumns.inert(text)
  }

  /// Appends the decimal digits of `value`, which is at least 0, to `bytes`: what a line
  /// redrawn on every key (a cursor move, a column number) writes without a string
  /// interpolation.
  package static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// `text` made inert, then cut or padded with spaces to exactly `width` columns. A wide
  /// character that would straddle the edge is replaced by a space.
  ///
  /// - Parameters:
  ///   - text: Text from user data.
  ///   - width: The columns available.
  ///   - pad: Whether to pad short text with spaces.
  /// - Returns: Safe text of at most (or, when padding, exactly) `width` columns.
  @inlinable
  public static func fit(_ text: some StringProtocol, width: Int, pad: Bool = false) -> String {
    if let fitted = text.utf8.withContiguousStorageIfAvailable({
      fitBytes($0, width: width, pad: pad)
    }) {
      return fitted
    }
    return fitCharacters(text, width: width, pad: pad)
  }

  /// How many leading bytes of `bytes` are printable ASCII (one column each, shown as they are).
  @usableFromInline
  static func printableASCIICount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    while count < bytes.count, bytes[count] >= 0x20, bytes[count] < 0x7F { count += 1 }
    return count
  }

  /// ``fit(_:width:pad:)`` of UTF-8 bytes: printable ASCII a byte at a time (one followed by
  /// another ASCII byte is a whole character), any other run of bytes a character at a time.
  @usableFromInline
  static func fitBytes(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, pad: Bool) -> String {
    let width = max(0, width)
    func isPlainASCII(_ index: Int) -> Bool {
      bytes[index] >= 0x20 && bytes[index] < 0x7F
        && (index + 1 == bytes.count || bytes[index + 1] < 0x80)
    }
    var result: [UInt8] = []
    result.reserveCapacity(pad ? max(bytes.count, width) : bytes.count)
    var used = 0
    var index = 0
    fitting: while index < bytes.count {
      if isPlainASCII(index) {
        guard used < width else { break }
        result.append(bytes[index])
        used += 1
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, !isPlainASCII(end) { end += 1 }
      let run = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
      for character in run {
        if let replacement = TextColumns.inertReplacement(for: character) {
          // Shown as ASCII (`^[`), each of its characters one column.
          for byte in replacement.utf8 {
            guard used < width else { break fitting }
            result.append(byte)
            used += 1
          }
          continue
        }
        let characterWidth = TextColumns.width(of: character)
        guard used + characterWidth <= width else { break fitting }
        result.append(contentsOf: character.utf8)
        used += characterWidth
      }
      index = end
    }
    if pad, used < width { result.append(contentsOf: repeatElement(0x20, count: width - used)) }
    return String(decoding: result, as: UTF8.self)
  }

  /// ``fit(_:width:pad:)`` a character at a time: text without contiguous UTF-8.
  @usableFromInline
  static func fitCharacters(_ text: some StringProtocol, width: Int, pad: Bool) -> String {
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
