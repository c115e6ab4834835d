/// Why a kept file could not be read or written, with the file it concerns; its description is
/// one sentence that names the file, the problem, and what happens to the data.
///
/// `Sendable` plain value.
package enum DurableFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be decoded; it was moved to `keptAt` and nothing was lost.
  case corrupt(path: String, keptAt: String, reason: String)
  /// The file exists but could not be read; it must not be overwritten.
  case unreadable(path: String, reason: String)
  /// Writing failed; the previous file is intact.
  case writeFailed(path: String, reason: String)
  /// Another writer (another process, whose id is `holder` when known, or another storage in
  /// this one) holds the file: it is read-only here.
  case locked(path: String, holder: Int32?)
  /// Someone else wrote the file since its writer last read or wrote it (its ``Fingerprint``
  /// changed): it was not replaced.
  case changed(path: String)

  /// One sentence naming the file and the problem.
  package var description: String {
    switch self {
    case .corrupt(let path, let keptAt, let reason):
      return
        "\(path) is corrupt (\(reason)); it was kept as \(keptAt) and a new file will be written"
    case .unreadable(let path, let reason):
      return "cannot read \(path) (\(reason)); it will not be overwritten"
    case .writeFailed(let path, let reason):
      return "cannot save \(path) (\(reason)); the previous file is intact"
    case .locked(let path, let holder):
      let who = holder.map { "another process (pid \($0))" } ?? "another writer"
      return "\(path) is in use by \(who); changes made here are not saved"
    case .changed(let path):
      return "\(path) was changed by another program; it was not replaced"
    }
  }
}
