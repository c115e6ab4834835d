/// One note. `revision` orders notes by last edit (higher is newer); it is a counter, not a
/// clock, so ordering is deterministic and testable.
package struct Note: Equatable, Identifiable, Sendable {
  package var id: Int
  package var title: String
  /// The body, in chunks: edited in place, never copied whole (see ``TextBuffer``).
  package var text: TextBuffer
  package var revision: Int
  /// Whether the title follows the body's first line: a note made in the view, until it is
  /// renamed.
  package var titleFollowsFirstLine: Bool
  /// The note's fields in the notes file that this build does not know: written back with it.
  package var unknownFields = UnknownFields()

  package init(
    id: Int, title: String, body: String = "", revision: Int, titleFollowsFirstLine: Bool = false
  ) {
    self.id = id
    self.title = title
    self.text = TextBuffer(body)
    self.revision = revision
    self.titleFollowsFirstLine = titleFollowsFirstLine
  }

  /// The body as one string: O(size); the editor works on ``text``.
  package var body: String {
    get { text.string }
    set { text = TextBuffer(newValue) }
  }

  /// The longest title taken from a first line, in characters.
  package static let titleLength = 60

  /// The title a note whose title follows its first line has now: that line, trimmed and cut
  /// to ``titleLength`` characters, or "Untitled N" while it is empty. Reads only the start of
  /// the first line.
  package var titleFromFirstLine: String {
    let lineEnd = text.lineEnd(at: 0)
    let end = min(lineEnd, Self.titleLength * 4)
    var line = Substring(text.string(in: 0..<text.scalarBoundary(atOrBefore: end)))
    // Cut inside the line, the read may end inside a character (half a flag, part of a family
    // emoji): its last character is dropped, never saved as a piece of one.
    if end < lineEnd { line = line.dropLast() }
    let title = String(line).trimmingWhitespace
    return title.isEmpty ? "Untitled \(id)" : String(title.prefix(Self.titleLength))
  }
}

/// The notes file's fields: `body` is the text; `titleFollowsFirstLine` is written only when
/// true, and a file without it (every file before it existed) reads as false.
extension Note: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, title, body, revision, titleFollowsFirstLine
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    text = try container.decode(TextBuffer.self, forKey: .body)
    revision = try container.decode(Int.self, forKey: .revision)
    titleFollowsFirstLine =
      try container.decodeIfPresent(Bool.self, forKey: .titleFollowsFirstLine) ?? false
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(text, forKey: .body)
    try container.encode(revision, forKey: .revision)
    if titleFollowsFirstLine { try container.encode(true, forKey: .titleFollowsFirstLine) }
  }
}
