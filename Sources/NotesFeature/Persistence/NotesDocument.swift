import DurableFiles

/// The notes file: a format tag, a version, and the notes, as JSON.
///
/// ```json
/// {"format":"multistore-notes","notes":[{"body":"…","id":1,"revision":3,"title":"…"}],"version":1}
/// ```
///
/// Read and written by the streaming JSON of `NotesDocument+JSON.swift`, never as a whole.
package struct NotesDocument: Equatable, Sendable {
  package static let format = "multistore-notes"
  package static let currentVersion = 1

  package var format: String
  package var version: Int
  package var notes: [Note]
  /// The document's own fields that this build does not know: written back with it.
  package var unknownFields: UnknownFields

  package init(notes: [Note], unknownFields: UnknownFields = UnknownFields()) {
    self.format = Self.format
    self.version = Self.currentVersion
    self.notes = notes
    self.unknownFields = unknownFields
  }

  /// What a file says it is, read without its notes: its `format` and `version`, `nil` when
  /// absent.
  package struct Header: Equatable, Sendable {
    package var format: String?
    package var version: Int?
  }

  /// Encodes the document as UTF-8 JSON, in memory (a recovery file, a test).
  package func encoded() -> [UInt8] {
    var output = BlockWriter()
    encode(to: &output)
    return output.bytes
  }

  /// Decodes and validates a document; any problem is a `NotesDocumentError` saying what.
  package static func decode(
    _ bytes: some Collection<UInt8>
  ) throws(NotesDocumentError)
    -> NotesDocument
  {
    var input = BlockReader(bytes: Array(bytes))
    return try decode(from: &input)
  }

  /// Checks what the JSON cannot: the format, the version (unless `anyVersion`), and that no
  /// two notes share an id.
  func validate(anyVersion: Bool = false) throws(NotesDocumentError) {
    guard format == Self.format else { throw .wrongFormat(format) }
    guard anyVersion || version == Self.currentVersion else {
      throw .unsupportedVersion(version)
    }
    var seen = Set<Int>()
    for note in notes where !seen.insert(note.id).inserted {
      throw .malformed("duplicate note id \(note.id)")
    }
  }
}

/// Why a notes file could not be decoded.
package enum NotesDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformed(String)
  case wrongFormat(String)
  case unsupportedVersion(Int)

  package var description: String {
    switch self {
    case .malformed(let reason): return reason
    case .wrongFormat(let format): return "not a notes file (format '\(format)')"
    case .unsupportedVersion(let version):
      return
        "version \(version) is not supported (this build reads version \(NotesDocument.currentVersion))"
    }
  }
}
