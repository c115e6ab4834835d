extension TerminalText {
  /// `text` made inert and broken into lines of at most `width` columns, at spaces where it
  /// can (a word longer than a line is cut), so a long message is shown whole rather than cut
  /// off at the edge of the screen.
  ///
  /// ```swift
  /// let lines = TerminalText.wrap("cannot save /data/notes.json: No space left on device", width: 20)
  /// // ["cannot save", "/data/notes.json: No", "space left on device"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: Text from user data or an error.
  ///   - width: The columns available (at least 1 is used).
  /// - Returns: The lines; one empty line for empty text.
  public static func wrap(_ text: some StringProtocol, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in inert(text).split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      let wordWidth = Self.width(of: word)
      if used > 0, used + 1 + wordWidth <= width {
        line += " " + word
        used += 1 + wordWidth
        continue
      }
      if used > 0 {
        lines.append(line)
        line = ""
        used = 0
      }
      // A word wider than a line: cut it into line-sized pieces.
      while Self.width(of: word) > width {
        // A wide character in a one-column line still goes on a line of its own.
        let fitted = fit(word, width: width)
        let piece = fitted.isEmpty ? String(word.prefix(1)) : fitted
        lines.append(piece)
        word = word.dropFirst(piece.count)
      }
      line = String(word)
      used = Self.width(of: word)
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
