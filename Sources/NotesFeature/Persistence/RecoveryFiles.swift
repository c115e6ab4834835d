import DurableFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where unsaved notes go when they cannot be saved (a full disk, a read-only directory, a notes
/// file that must not be overwritten), and where the next start finds them.
///
/// A recovery file is a complete notes document: `notes.recovery-<time>-<pid>-<random>.json` in
/// the data directory, or, when nothing can be written there, `multistore-notes-recovery-
/// <directory hash>-<time>-<pid>-<random>.json` in the temporary directory (`$TMPDIR`, else
/// `/tmp`). Each is created exclusively (never through a link someone planted) and synced, with a
/// new random name for each of a few tries. The next start reads every recovery file of its directory
/// and adds the notes it does not already have; once they are saved, the files are removed.
package struct RecoveryFiles: Sendable {
  package let directory: String
  let temporaryDirectory: String

  package init(directory: String, temporaryDirectory: String? = nil) {
    self.directory = directory
    self.temporaryDirectory =
      temporaryDirectory ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap {
        $0.isEmpty ? nil : $0
      } ?? "/tmp"
  }

  /// One recovery file found at start.
  package struct Found: Equatable, Sendable {
    package var path: String
    package var document: NotesDocument
  }

  /// Writes `document` to a new recovery file and returns its path: in the data directory if
  /// possible, else in the temporary directory. Throws only when both fail.
  package func write(_ document: NotesDocument) throws(NotesStorageError) -> String {
    let bytes = document.encoded()
    var failures: [String] = []
    for location in [directory + "/notes.recovery-", temporaryDirectory + "/" + temporaryPrefix] {
      // A random part in every name, and a few tries: a name planted in a shared temporary
      // directory (a file or a link of another user's) cannot make the text be lost.
      for _ in 0..<4 {
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        let path = location + "\(Int(time(nil)))-\(getpid())-\(random).json"
        guard let reason = DurableFile.createExclusively(path, bytes) else { return path }
        failures.append("\(path): \(reason)")
      }
    }
    throw .writeFailed(
      path: directory,
      reason: "no recovery file could be written (" + failures.joined(separator: "; ") + ")")
  }

  /// Every readable recovery file of this directory, oldest first. Files that cannot be read or
  /// decoded are skipped and stay where they are.
  package func find() -> [Found] {
    var paths: [String] = []
    for name in DurableFile.entries(of: directory)
    where name.hasPrefix("notes.recovery-") && name.hasSuffix(".json") {
      paths.append(directory + "/" + name)
    }
    for name in DurableFile.entries(of: temporaryDirectory)
    where name.hasPrefix(temporaryPrefix) && name.hasSuffix(".json") {
      paths.append(temporaryDirectory + "/" + name)
    }
    return paths.sorted().compactMap { path in
      guard let bytes = DurableFile.readOwnRegularFile(path),
        let document = try? NotesDocument.decode(bytes)
      else { return nil }
      return Found(path: path, document: document)
    }
  }

  /// Removes recovery files whose notes have been saved.
  package func remove(_ paths: [String]) {
    for path in paths { unlink(path) }
  }

  /// Recovery files in the shared temporary directory carry a hash of the data directory, so
  /// each data directory finds only its own.
  private var temporaryPrefix: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in directory.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return "multistore-notes-recovery-\(String(hash, radix: 16))-"
  }
}
