/// Why a kept file could not be read or written, with the file it concerns.
///
/// `Sendable` plain value.
package enum DurableFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but could not be read; it must not be overwritten.
  case unreadable(path: String, reason: String)
  /// Writing failed; the previous file is intact.
  case writeFailed(path: String, reason: String)

  /// One sentence naming the file and the problem.
  package var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "cannot read \(path) (\(reason)); it will not be overwritten"
    case .writeFailed(let path, let reason):
      return "cannot save \(path) (\(reason)); the previous file is intact"
    }
  }
}
