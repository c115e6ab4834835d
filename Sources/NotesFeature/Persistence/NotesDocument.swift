import Foundation

/// The notes file: a format tag, a version, and the notes, as JSON.
///
/// ```json
/// {"format":"multistore-notes","version":1,"notes":[{"id":1,"title":"…","body":"…","revision":3}]}
/// ```
package struct NotesDocument: Equatable, Sendable, Codable {
  package static let format = "multistore-notes"
  package static let currentVersion = 1

  package var format: String
  package var version: Int
  package var notes: [Note]

  package init(notes: [Note]) {
    self.format = Self.format
    self.version = Self.currentVersion
    self.notes = notes
  }

  /// Encodes the document as UTF-8 JSON.
  package func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return Array(try encoder.encode(self))
  }

  /// Decodes and validates a document; any problem is a `NotesDocumentError` saying what.
  package static func decode(
    _ bytes: some Collection<UInt8>
  ) throws(NotesDocumentError)
    -> NotesDocument
  {
    let document: NotesDocument
    do {
      document = try JSONDecoder().decode(NotesDocument.self, from: Data(bytes))
    } catch {
      throw .malformed(describe(error))
    }
    guard document.format == format else { throw .wrongFormat(document.format) }
    guard document.version == currentVersion else { throw .unsupportedVersion(document.version) }
    var seen = Set<Int>()
    for note in document.notes where !seen.insert(note.id).inserted {
      throw .malformed("duplicate note id \(note.id)")
    }
    return document
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      return "not valid JSON (\(context.debugDescription))"
    case DecodingError.keyNotFound(let key, _):
      return "missing field '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "unexpected value at '\(path)'"
    default:
      return "\(error)"
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
