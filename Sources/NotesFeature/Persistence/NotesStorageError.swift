/// A storage problem, with the file it concerns; its description is one sentence that names the
/// file, the problem, and what happens to the notes.
///
/// `Sendable` plain value.
package enum NotesStorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The notes file is not one this build accepts (not JSON, another format, notes without a
  /// field they need): it is left where it is, as it is, and never written.
  case notAccepted(path: String, reason: String)
  /// The notes file was written by a newer build (its format's `version`): it is never written
  /// here. `shown` says whether its notes could still be read, to show read-only.
  case newerVersion(path: String, version: Int, shown: Bool)
  /// A notes file that an earlier build could not decode and moved aside to `path`: kept as it
  /// was, and named at every start until the user moves or deletes it.
  case keptAside(path: String)
  /// The notes file exists but could not be read; it will not be overwritten.
  case unreadable(path: String, reason: String)
  /// Saving failed; the previous file is intact.
  case writeFailed(path: String, reason: String)
  /// Another writer (another instance of the app, whose process id is `holder` when known, or
  /// another storage in this one) holds the data directory: the notes are read-only here.
  case locked(path: String, holder: Int32?)
  /// Another program wrote the notes file after this storage last read or wrote it: it is not
  /// saved over (until the notes load again), and changes are kept in a recovery file.
  case changedOnDisk(path: String)

  /// One sentence naming the file and the problem.
  package var description: String {
    switch self {
    case .notAccepted(let path, let reason):
      return
        "\(path) is not a notes file this app can read (\(reason)); it is left as it is and "
        + "never saved over: fix it, or move it away to start a new one (notes typed meanwhile "
        + "are kept in recovery files and restored once it loads)"
    case .newerVersion(let path, let version, let shown):
      let notes =
        shown
        ? "its notes are shown read-only" : "its notes cannot be shown by this version"
      return
        "\(path) was written by a newer version of the app (file version \(version); this "
        + "version reads version \(NotesDocument.currentVersion)): \(notes), and it is never "
        + "saved over here (changes are kept in a recovery file)"
    case .keptAside(let path):
      return
        "\(path) holds a notes file that an earlier start could not read and set aside; it is "
        + "kept as it was, and named at every start until you move or delete it"
    case .unreadable(let path, let reason):
      return "cannot read \(path) (\(reason)); it will not be overwritten"
    case .writeFailed(let path, let reason):
      return "cannot save \(path) (\(reason)); the previous file is intact"
    case .locked(let path, let holder):
      let who = holder.map { "another instance of the app (pid \($0))" } ?? "another writer"
      return
        "\(path) is in use by \(who); the notes are read-only here, and changes are kept in a "
        + "recovery file"
    case .changedOnDisk(let path):
      return
        "\(path) was changed by another program since this app read it; it is not saved over: "
        + "changes made here are kept in a recovery file when the app stops, and the next start "
        + "shows them beside the file's notes"
    }
  }

  /// A few words for the status line, true for as long as the problem lasts: the whole
  /// ``description`` is reported to the host, which shows it until the user dismisses it.
  package var summary: String {
    switch self {
    case .notAccepted(let path, _):
      return "Read-only: \(Self.name(path)) is not a notes file this app can read"
    case .newerVersion(let path, let version, _):
      return "Read-only: \(Self.name(path)) is from a newer version (file version \(version))"
    case .keptAside(let path):
      return "\(Self.name(path)) was set aside by an earlier start"
    case .unreadable(let path, _):
      return "Read-only: \(Self.name(path)) cannot be read"
    case .writeFailed(let path, _):
      return "Not saved: \(Self.name(path)) could not be written"
    case .locked(let path, let holder):
      let who = holder == nil ? "another writer" : "another instance of the app"
      return "Read-only: \(who) is using \(Self.name(path))"
    case .changedOnDisk(let path):
      return "Not saved: \(Self.name(path)) was changed by another program"
    }
  }

  /// Whether the file must never be written by this storage (until it loads again).
  package var refusesWriting: Bool {
    switch self {
    case .notAccepted, .newerVersion, .unreadable, .locked, .changedOnDisk: true
    case .keptAside, .writeFailed: false
    }
  }

  /// The file's name, the last part of `path`.
  private static func name(_ path: String) -> String {
    String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path))
  }
}
