/// A storage problem, with the file it concerns; its description is one line for a status bar
/// or a terminal.
///
/// `Sendable` plain value.
package enum NotesStorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The notes file could not be decoded; it was moved to `keptAt` and nothing was lost.
  case corrupt(path: String, keptAt: String, reason: String)
  /// The notes file exists but could not be read; it will not be overwritten.
  case unreadable(path: String, reason: String)
  /// Saving failed; the previous file is intact.
  case writeFailed(path: String, reason: String)

  /// One line naming the file and the problem.
  package var description: String {
    switch self {
    case .corrupt(let path, let keptAt, let reason):
      return
        "\(path) is corrupt (\(reason)); it was kept as \(keptAt) and a new file will be written"
    case .unreadable(let path, let reason):
      return "cannot read \(path) (\(reason)); it will not be overwritten"
    case .writeFailed(let path, let reason):
      return "cannot save \(path) (\(reason)); the previous file is intact"
    }
  }
}
