package import DurableFiles

/// The notes file on disk, `notes.json`: a ``DurableFile`` (written atomically, read only as a
/// regular file within ``sizeLimit``, never through a link) holding a ``NotesDocument``. A file
/// this build does not accept is left where it is, as it is, and reported; it is never moved
/// or written (docs/decisions/0009-one-writer-and-nothing-lost.md).
package struct NotesFile: Sendable {
  private let file: DurableFile
  package var directory: String { file.directory }
  /// The largest notes file this build reads: far above any real notes (10,000 notes, or one
  /// note of 10 MB, are a few tens of MB), far below what would exhaust memory.
  package var sizeLimit: Int { file.sizeLimit }
  package var path: String { file.path }
  /// The name of the lock every writer of the notes file takes (``WriterLock``).
  package static let lockName = "notes.lock"

  package init(directory: String, sizeLimit: Int = 256 << 20) {
    file = DurableFile(directory: directory, name: "notes.json", sizeLimit: sizeLimit)
  }

  /// Reads the notes. A missing file is an empty document. A document of a newer version whose
  /// notes read as this build's is returned as it is (its `version` says so: the caller must
  /// not write over it).
  ///
  /// - Parameter readOnly: Change nothing in the directory (another process is its writer):
  ///   leftover temporary files stay.
  /// - Throws: `NotesStorageError.newerVersion` for a newer file whose notes do not read,
  ///   `.notAccepted` for any other file that does not decode (invalid JSON, another format),
  ///   `.unreadable` for anything that is not a regular file within ``sizeLimit``. Each file is
  ///   left alone.
  package func load(readOnly: Bool = false) throws(NotesStorageError) -> NotesDocument {
    if !readOnly { file.removeAbandonedTemporaryFiles() }
    do {
      // A block at a time, each note's body straight into its text: never the whole file.
      let document = try file.read { input throws(NotesDocumentError) in
        try NotesDocument.decode(from: &input, anyVersion: true)
      }
      guard let document else { return NotesDocument(notes: []) }
      guard document.version >= NotesDocument.currentVersion else {
        throw NotesStorageError.notAccepted(
          path: path, reason: NotesDocumentError.unsupportedVersion(document.version).description)
      }
      return document
    } catch let error as NotesStorageError {
      throw error
    } catch let error as DurableFileError {
      throw NotesStorageError(error)
    } catch {
      let error = error as? NotesDocumentError ?? .malformed("\(error)")
      // A newer build may have changed what a note holds: what the file says it is decides
      // whether it is a newer file or a broken one.
      if let header = try? file.read(parsing: { input throws(NotesDocumentError) in
        try NotesDocument.header(from: &input)
      }), header.format == NotesDocument.format, let version = header.version,
        version > NotesDocument.currentVersion
      {
        throw .newerVersion(path: path, version: version, shown: false)
      }
      throw .notAccepted(path: path, reason: error.description)
    }
  }

  /// Files an earlier build moved aside because it could not decode them
  /// (`notes.json.corrupt-…`), oldest first: named at every start until the user deals with
  /// them.
  package func keptAsideFiles() -> [String] {
    file.keptAsideFiles()
  }

  /// The file as it is on disk now, or `nil` when there is none: what a save compares with the
  /// file it read, to tell whether someone else wrote it since.
  package func fingerprint() -> Fingerprint? {
    file.fingerprint()
  }

  /// Writes the notes atomically. Encoding happens here too, on the caller's thread: the
  /// storage calls this on its own queue, never on a store's actor.
  ///
  /// - Parameters:
  ///   - document: The notes.
  ///   - isUnchanged: Whether the file, as it is just before it is replaced, is still the one
  ///     the caller knows (``DurableFile/write(streaming:unless:)``); `nil` checks nothing.
  /// - Returns: The written file's fingerprint.
  @discardableResult
  package func save(
    _ document: NotesDocument, unless isUnchanged: ((Fingerprint?) -> Bool)? = nil
  ) throws(NotesStorageError) -> Fingerprint {
    do {
      // Written a block at a time, from the notes' chunks: never the whole file in memory.
      return try file.write(
        streaming: { output in document.encode(to: &output) }, unless: isUnchanged)
    } catch {
      throw NotesStorageError(error)
    }
  }
}

extension NotesStorageError {
  /// The notes' words for a kept file's error.
  init(_ error: DurableFileError) {
    switch error {
    case .corrupt(let path, _, let reason): self = .notAccepted(path: path, reason: reason)
    case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
    case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
    case .locked(let path, let holder): self = .locked(path: path, holder: holder)
    case .changed(let path): self = .changedOnDisk(path: path)
    }
  }
}
