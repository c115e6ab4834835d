/// Two buffers are equal when they hold the same text, however it is cut into chunks.
extension TextBuffer: Equatable {
  package static func == (lhs: TextBuffer, rhs: TextBuffer) -> Bool {
    guard lhs.utf8Count == rhs.utf8Count, lhs.newlineCount == rhs.newlineCount else {
      return false
    }
    var left = (chunk: 0, within: 0)
    var right = (chunk: 0, within: 0)
    var remaining = lhs.utf8Count
    while remaining > 0 {
      let leftBytes = lhs.chunks[left.chunk].bytes
      let rightBytes = rhs.chunks[right.chunk].bytes
      let span = min(leftBytes.count - left.within, rightBytes.count - right.within)
      guard
        leftBytes[left.within..<(left.within + span)]
          == rightBytes[right.within..<(right.within + span)]
      else { return false }
      remaining -= span
      left.within += span
      right.within += span
      if left.within == leftBytes.count { left = (left.chunk + 1, 0) }
      if right.within == rightBytes.count { right = (right.chunk + 1, 0) }
    }
    return true
  }
}

/// Encoded as one JSON string, so the notes file does not change.
extension TextBuffer: Codable {
  package init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }
}

/// Shown as its text, so a test's state diff says `notes[0].text: "a" → "ab"`.
extension TextBuffer: CustomReflectable, CustomDebugStringConvertible {
  package var customMirror: Mirror { Mirror(self, unlabeledChildren: [Any](), displayStyle: nil) }

  package var debugDescription: String { string.debugDescription }
}

extension TextBuffer: ExpressibleByStringLiteral {
  package init(stringLiteral value: String) {
    self.init(value)
  }
}
